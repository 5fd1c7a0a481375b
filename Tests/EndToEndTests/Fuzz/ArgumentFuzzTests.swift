import Foundation
import LoadWrapTestSupport
import Testing

/// Random command lines (`ArgumentVectorGenerator`): loadwrap never crashes or hangs, exits with
/// the command's status or one of its own codes, and when it refuses the command line (125) or
/// cannot run the command (126, 127) the command did not run. stdout and stderr are pipes (plain
/// mode, fast); PATH holds nothing, so a stray word taken for the command is never found.
@Suite struct ArgumentFuzzTests {
    /// Eight command lines per seed, four seeds per test case, one case after another.
    static let batches = FuzzSettings.batches(defaultCount: 32, batchSize: 4)
    static let vectorsPerSeed = 8

    @Test("a random command line: no crash, no hang, nothing run on a usage error", .serialized, arguments: batches)
    func randomCommandLine(_ batch: SeedBatch) throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for seed in batch.seeds {
            for index in 0..<Self.vectorsPerSeed {
                let witnessFile = "\(dir)/ran-\(seed)-\(index)"
                let arguments = ArgumentVectorGenerator.vector(
                    seed: seed, index: index, witness: ["--", "/bin/sh", "-c", "echo ran > '\(witnessFile)'"])
                try check(arguments, witnessFile: witnessFile, emptyPath: dir + "/no-such-bin", seed: seed, index: index)
            }
        }
    }

    @Test("the generator draws from every option --help lists, and only from those")
    func generatorKnowsEveryOption() throws {
        let run = try PtySession.run(Loadwrap.command(["--help"]), stdout: .pipe)
        let help = String(decoding: run.stdout, as: UTF8.self)
        // Option lines: `  -t, --title <text>  …` or `  --list-spinners  …`.
        let listed = Set(help.split(separator: "\n").compactMap { line in
            line.wholeMatch(of: #/ {2}(?:-[a-z], )?(--[a-z][a-z-]*).*/#).map { String($0.output.1) }
        })
        #expect(!listed.isEmpty, "\(help)")
        #expect(listed == ArgumentVectorGenerator.longNames)
    }

    /// Runs loadwrap with `arguments` and checks its end against whether the witness ran.
    private func check(_ arguments: [String], witnessFile: String, emptyPath: String, seed: UInt64, index: Int) throws {
        let run = try PtySession.run(
            Loadwrap.command(arguments), stdout: .pipe, stderr: .pipe, environment: ["PATH": emptyPath], timeout: 10)
        let ran = FileManager.default.fileExists(atPath: witnessFile)
        let context = Comment(
            rawValue: "reproduce: FUZZ_SEED=\(seed) FUZZ_COUNT=1 \(FuzzSettings.hugeDurations ? "FUZZ_FEATURES=hugeDurations " : "")swift test --filter ArgumentFuzzTests (vector \(index))\n"
                + "loadwrap \(arguments.map(Self.quoted).joined(separator: " "))\n"
                + "ran: \(ran), stderr: \(run.stderrText.prefix(600).debugDescription)")
        guard case .exited(let code) = run.termination else {
            Issue.record("loadwrap \(run.termination)\n\(context.rawValue)")
            return
        }
        #expect([0, 124, 125, 126, 127, 137].contains(code), "exit \(code)\n\(context.rawValue)")
        if [125, 126, 127].contains(code) {
            #expect(!ran, "exit \(code), yet the command ran\n\(context.rawValue)")
        }
        if code == 125 {
            #expect(run.stderrText.hasPrefix("Error: "), "a usage error without its Error line\n\(context.rawValue)")
        }
        let forcedOverlay = arguments.contains { $0 == "--mode=overlay" } || zip(arguments, arguments.dropFirst()).contains { $0 == ("--mode", "overlay") }
        if !forcedOverlay {
            #expect(!run.stderr.contains(0x1B), "an escape byte on stderr in plain mode\n\(context.rawValue)")
        }
    }

    /// `word` quoted for a POSIX shell, escapes visible.
    private static func quoted(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''").replacingOccurrences(of: "\u{1B}", with: "'$'\\e''") + "'"
    }
}
