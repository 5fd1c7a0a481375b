import LoadWrapTestSupport
import Testing

/// The fuzzer's own parts: a seed always gives the same program, and the shell script writes
/// exactly the program's bytes (the octal escaping loses nothing).
@Suite struct OutputProgramTests {
    @Test func splitMix64MatchesTheReferenceSequence() {
        // Vigna's splitmix64.c from state 0.
        var rng = SplitMix64(seed: 0)
        #expect([rng.next(), rng.next(), rng.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func aSeedAlwaysGivesTheSameProgram() {
        for seed: UInt64 in 1...20 {
            #expect(OutputProgramGenerator.program(seed: seed, features: .all).script
                == OutputProgramGenerator.program(seed: seed, features: .all).script)
        }
        #expect(OutputProgramGenerator.program(seed: 1).script != OutputProgramGenerator.program(seed: 2).script)
    }

    @Test func programsStayWithinTheirPauseBudget() {
        for seed: UInt64 in 1...200 {
            #expect(OutputProgramGenerator.program(seed: seed, features: .all).pauseMilliseconds <= OutputProgramGenerator.pauseBudgetMS)
        }
    }

    @Test(arguments: [OutputFeatures.defaults, .all])
    func theScriptWritesExactlyTheProgramsBytes(_ features: OutputFeatures) throws {
        for seed: UInt64 in 1...20 {
            let program = OutputProgramGenerator.program(seed: seed, features: features)
            let run = try PtySession.run(Loadwrap.sh(program.script(pauses: false)), stdout: .pipe)
            #expect(run.termination == .exited(0), "\(program)")
            #expect(run.stdout == program.bytes, "\(program)")
        }
    }
}
