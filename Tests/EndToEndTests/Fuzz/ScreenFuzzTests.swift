import Testing

/// Differential fuzzing with the screen model as the oracle: for generated output programs P
/// (see `OutputProgramGenerator`), `loadwrap --delay 0 -- P` must leave exactly the screen that P
/// leaves bare: scrollback, colours, soft wraps, cursor position and visibility, in the model and
/// in tmux, libvterm and VTE (`TerminalEngine`), each engine bare against wrapped within itself.
///
/// `FUZZ_SEED`, `FUZZ_COUNT` and `FUZZ_FEATURES` choose the programs; `make fuzz` runs many.
@Suite(.enabled(if: TerminalEngine.allInstalled || ExternalTool.onCI, EngineReplay.missing))
struct ScreenFuzzTests {
    /// The default run: a few dozen programs of at most ~1.2 s each, eight side by side per test
    /// case; the cases run one after another, so the rest of the suite keeps its share of the machine.
    static let batches = FuzzSettings.batches(defaultCount: 32, batchSize: 8)

    @Test("a generated program leaves the same screen with and without loadwrap", .serialized, arguments: batches)
    func sameScreenAsBare(_ batch: SeedBatch) throws {
        try expectSameScreens(batch, shape: .alone)
    }

    /// The same programs as the left side of `| cat`: loadwrap is a guest, relays the data and
    /// must stay out of what `cat` prints (partial lines, split sequences).
    static let pipelineBatches = FuzzSettings.batches(defaultCount: 16, batchSize: 8)

    @Test("a generated program piped into cat leaves the same screen with and without loadwrap", .serialized,
          arguments: pipelineBatches)
    func sameScreenAsBareInAPipeline(_ batch: SeedBatch) throws {
        try expectSameScreens(batch, shape: .intoCat)
    }

    /// Where the program runs: alone on the terminal, or piped into `cat`.
    enum Shape {
        case alone, intoCat

        /// The argv for `script`, bare or with `loadwrap --delay 0 --` in front of the program.
        func argv(_ script: String, wrapped: Bool) -> [String] {
            let program = (wrapped ? Loadwrap.command(["--delay", "0", "--"]) : []) + ["/bin/sh", "-c", script]
            guard self == .intoCat else { return program }
            // "$@" keeps the program's quoting intact through the outer shell.
            return ["/bin/sh", "-c", #""$@" | cat"#, "sh"] + program
        }
    }

    private func expectSameScreens(_ batch: SeedBatch, shape: Shape) throws {
        let programs = batch.seeds.map { OutputProgramGenerator.program(seed: $0) }
        // All runs at once: the programs mostly sleep, and their final screens do not depend on timing.
        var runs: [(bare: PtySession, wrapped: PtySession)] = []
        defer {
            for run in runs {
                run.bare.terminate()
                run.wrapped.terminate()
            }
        }
        for program in programs {
            runs.append((try PtySession(shape.argv(program.script, wrapped: false)),
                         try PtySession(shape.argv(program.script, wrapped: true))))
        }
        var spinnerShown = false
        var checks: [EngineReplay.Check] = []
        for (program, run) in zip(programs, runs) {
            let bareEnd = run.bare.waitForExit()
            let wrappedEnd = run.wrapped.waitForExit()
            let context = Comment(rawValue: Self.reproduction(program, shape: shape))
            #expect(bareEnd == .exited(0), context)
            #expect(wrappedEnd == .exited(0), context)
            spinnerShown = spinnerShown || !Loadwrap.frames(in: run.wrapped.output).isEmpty
            let expected = Loadwrap.screen(run.bare.output).snapshot
            let actual = Loadwrap.screen(run.wrapped.output).snapshot
            #expect(actual == expected, "\(context)\nmodel: wrapped (left) vs bare (right): \(actual.difference(from: expected))")
            checks.append(EngineReplay.Check(wrapped: run.wrapped.output, accepted: [run.bare.output], context: context.rawValue))
        }
        #expect(spinnerShown, "no program of the batch showed the spinner, so this proves nothing")
        // The whole batch in one replay per engine: VTE answers a batch as fast as one stream.
        EngineReplay.expectSame(checks)
    }

    /// How to run one program again, and the program itself.
    static func reproduction(_ program: OutputProgram, shape: Shape = .alone) -> String {
        let features = program.features == .defaults ? "" : "FUZZ_FEATURES=\(program.features.description.dropFirst("defaults+".count)) "
        let test = shape == .alone ? "ScreenFuzzTests/sameScreenAsBare\\(" : "ScreenFuzzTests/sameScreenAsBareInAPipeline"
        return "reproduce: FUZZ_SEED=\(program.seed) FUZZ_COUNT=1 \(features)swift test --filter '\(test)'\n"
            + "program (seed \(program.seed))\(shape == .intoCat ? ", piped into cat" : ""):\n\(program.script)"
    }
}
