import Foundation
import LoadWrapTestSupport
import Testing

/// Plain mode (a CI log, `--mode plain`): `--tail` changes nothing. The log loadwrap writes
/// (its stderr, here a pty) and the `--log` file are the same bytes with `--tail` as without,
/// on success and on failure; only elapsed times are masked (also the one a failure's
/// end line has before `· log: FILE`).
@Suite struct TailPlainTests {
    /// How plain mode is chosen: the CI variable, or the option.
    struct Plain: Sendable, CustomTestStringConvertible {
        let name: String
        let environment: [String: String]
        let arguments: [String]
        var testDescription: String { name }
    }

    static let plains = [
        Plain(name: "CI=true", environment: ["CI": "true"], arguments: []),
        Plain(name: "--mode plain", environment: [:], arguments: ["--mode", "plain"]),
    ]

    @Test(arguments: plains, [0, 3])
    func tailChangesNothing(_ plain: Plain, _ status: Int) throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = #"printf '\033[31mred\033[0m\n'; seq 3; echo err >&2; seq 4 9; printf partial; exit "# + "\(status)"
        var runs: [(output: [String], log: Data)] = []
        for tail in [[], ["--tail=2"]] {
            let log = "\(directory)/log"  // one path: the failure's end line names it
            let run = try PtySession.run(
                Loadwrap.command(plain.arguments + tail + ["--title", "t", "--log", log, "--", "sh", "-c", script]),
                environment: plain.environment.mapValues { $0 })
            #expect(run.termination == .exited(Int32(status)))
            let output = Loadwrap.maskedLines(run.output).map(Self.maskedBeforeLog)
            runs.append((output, FileManager.default.contents(atPath: log) ?? Data()))
        }
        #expect(runs[0].output.contains("partial") && runs[0].log.count > 30, "\(runs[0])")
        #expect(runs[1].output == runs[0].output, "with --tail:\n\(runs[1].output)\nwithout:\n\(runs[0].output)")
        #expect(runs[1].log == runs[0].log, "the --log files differ")
    }

    /// `line` with the elapsed time before ` · log: ` masked: `maskedLines` masks it at the end only.
    private static func maskedBeforeLog(_ line: String) -> String {
        line.replacing(#/\d+\.\ds(?= · log: )/#, with: "T")
    }
}
