import Foundation
import Testing

/// The screen fuzz's minimiser: `FUZZ_MINIMISE=SEED swift test --filter ScreenFuzzTests/minimise`
/// cuts the program of a seed that fails down to one that still fails and cannot lose another
/// step, nor half of any write, and prints it (`FUZZ_SHAPE=cat` for the `| cat` variant). A
/// program fails when the model or any engine shows another screen wrapped than bare, or only
/// the one `FUZZ_ENGINE` names (`model`, `tmux`, `libvterm`, `vte`). Off unless asked for: it
/// runs the program bare and wrapped dozens of times.
extension ScreenFuzzTests {
    /// The seed to minimise, from `FUZZ_MINIMISE`.
    static let minimiseSeed = ProcessInfo.processInfo.environment["FUZZ_MINIMISE"].flatMap { UInt64($0) }

    @Test(.enabled(if: minimiseSeed != nil, "FUZZ_MINIMISE names no seed"))
    func minimise() throws {
        let shape: Shape = ProcessInfo.processInfo.environment["FUZZ_SHAPE"] == "cat" ? .intoCat : .alone
        var program = OutputProgramGenerator.program(seed: Self.minimiseSeed!)
        try #require(try Self.fails(program, shape: shape), "seed \(program.seed) leaves the bare screen: nothing to minimise")
        var smaller = true
        while smaller {
            smaller = false
            for candidate in Self.candidates(program) where try Self.fails(candidate, shape: shape) {
                program = candidate
                smaller = true
                break
            }
        }
        print("minimised " + Self.reproduction(program, shape: shape))
    }

    /// Every program one step shorter, then each with one write's first or last half gone.
    static func candidates(_ program: OutputProgram) -> [OutputProgram] {
        let steps = program.steps
        var shorter = steps.indices.map { index in Array(steps[..<index] + steps[(index + 1)...]) }
        for (index, step) in steps.enumerated() {
            guard case .write(let bytes) = step, bytes.count > 1 else { continue }
            for half in [Array(bytes[(bytes.count / 2)...]), Array(bytes[..<(bytes.count / 2)])] {
                var cut = steps
                cut[index] = .write(half)
                shorter.append(cut)
            }
        }
        return shorter.map { OutputProgram(seed: program.seed, features: program.features, steps: $0) }
    }

    /// True when `program` leaves a different screen under loadwrap than bare, in the model or
    /// an engine (`FUZZ_ENGINE`: only in that one).
    static func fails(_ program: OutputProgram, shape: Shape) throws -> Bool {
        let runs = try SideBySide.run(bare: shape.argv(program.script, wrapped: false), wrapped: shape.argv(program.script, wrapped: true))
        let engine = ProcessInfo.processInfo.environment["FUZZ_ENGINE"] ?? ""
        if (engine.isEmpty || engine == "model")
            && Loadwrap.screen(runs.bare.output).snapshot != Loadwrap.screen(runs.wrapped.output).snapshot
        {
            return true
        }
        let check = EngineReplay.Check(wrapped: runs.wrapped.output, accepted: [runs.bare.output], context: "")
        return try !EngineReplay.differing(check, in: TerminalEngine.selected).isEmpty
    }
}
