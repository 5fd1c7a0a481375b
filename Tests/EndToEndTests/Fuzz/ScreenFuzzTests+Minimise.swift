import Foundation
import Testing

/// The screen fuzz's minimiser: `FUZZ_MINIMISE=SEED swift test --filter ScreenFuzzTests/minimise`
/// cuts the program of a seed that fails down to one that still fails and cannot lose another
/// step, nor half of any write, and prints it (`FUZZ_SHAPE=cat` for the `| cat` variant). Off
/// unless asked for: it runs the program bare and wrapped dozens of times.
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

    /// True when `program` leaves a different screen under loadwrap than bare.
    static func fails(_ program: OutputProgram, shape: Shape) throws -> Bool {
        let bare = try PtySession(shape.argv(program.script, wrapped: false))
        let wrapped = try PtySession(shape.argv(program.script, wrapped: true))
        defer {
            bare.terminate()
            wrapped.terminate()
        }
        _ = (bare.waitForExit(), wrapped.waitForExit())
        return Loadwrap.screen(bare.output).snapshot != Loadwrap.screen(wrapped.output).snapshot
    }
}
