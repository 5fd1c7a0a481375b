import Foundation
import LoadWrapTestSupport
import Testing

/// Each run on GitHub Actions adds one row to the job summary file the runner names, after the
/// table's header once; a summary file that cannot be written costs the row, never the run.
@Suite struct JobSummaryEndToEndTests {
    private static func run(_ arguments: [String], summary path: String, _ more: [String: String?] = [:]) throws -> PtyRun {
        var environment: [String: String?] = ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": path]
        environment.merge(more) { $1 }
        return try PtySession.run(Loadwrap.command(arguments), environment: environment)
    }

    /// The file's text with each time masked as `T`.
    private static func masked(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8).replacing(/\d+\.\ds/, with: "T")
    }

    @Test func rowsAfterOneHeader() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/summary.md"
        try "## Build\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try Self.run(["--title", "make | all", "--", "true"], summary: path).termination == .exited(0))
        #expect(try Self.run(["--", "sh", "-c", "echo output; exit 3"], summary: path).termination == .exited(3))
        #expect(try Self.run(["--no-summary", "--", "true"], summary: path).termination == .exited(0))
        #expect(try Self.run(["--", "true"], summary: path, ["LOADWRAP_SUMMARY": "0"]).termination == .exited(0))
        #expect(try Self.masked(path) == """
            ## Build

            | | Command | Time | Result |
            | --- | --- | --- | --- |
            | ✔ | make \\| all | T | exit 0 |
            | ✖ | sh -c 'echo output; exit 3' | T | exit 3 |

            """)
    }

    /// A full disk: the row's write fails, the run's lines and status are as without a summary.
    @Test func aFullSummaryFileCostsOnlyTheRow() throws {
        let run = try Self.run(["--title", "t", "--", "sh", "-c", "echo out; exit 4"], summary: "/dev/full")
        #expect(run.termination == .exited(4))
        #expect(Loadwrap.maskedLines(run.output) == [
            "::group::▸ t", "out", "::endgroup::", "✖ t · exit 4 · T", "::error title=loadwrap::✖ t · exit 4 · T",
        ])
    }

    @Test func aSummaryThatCannotBeWrittenCostsOnlyTheRow() throws {
        let run = try Self.run(["--", "sh", "-c", "exit 4"], summary: "/nonexistent/dir/summary.md")
        #expect(run.termination == .exited(4))
        #expect(Loadwrap.maskedLines(run.output).contains("✖ sh -c 'exit 4' · exit 4 · T"))
    }
}
