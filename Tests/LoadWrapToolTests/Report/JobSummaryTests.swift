import Testing

@testable import LoadWrapTool

/// The row each run adds to GitHub's job summary, and when the table's header goes first.
@Suite struct JobSummaryTests {
    @Test func rows() {
        #expect(JobSummary.row(.init(mark: "✔", title: "make -j8", outcome: .ended(.exited(0)), elapsedMS: 12_400))
            == "| ✔ | make -j8 | 12.4s | exit 0 |\n")
        #expect(JobSummary.row(.init(mark: "✖", title: "make", outcome: .ended(.exited(2)), elapsedMS: 3_100))
            == "| ✖ | make | 3.1s | exit 2 |\n")
        #expect(JobSummary.row(.init(mark: "✖", title: "make", outcome: .ended(.killed(15)), elapsedMS: 3_000))
            == "| ✖ | make | 3.0s | killed by SIGTERM |\n")
        #expect(JobSummary.row(.init(mark: "✖", title: "make", outcome: .timedOut(afterMS: 30_000), elapsedMS: 30_000))
            == "| ✖ | make | 30.0s | timed out after 30s |\n")
    }

    /// A title from a command line renders as typed: nothing in it ends a cell or formats.
    @Test func titlesAreEscapedForMarkdown() {
        let row = JobSummary.row(.init(mark: "✔", title: "a|b `c` <img> [x](y) *z* & \\ $x$", outcome: .done, elapsedMS: 0))
        #expect(row == "| ✔ | a\\|b \\`c\\` &lt;img&gt; \\[x\\](y) \\*z\\* &amp; \\\\ \\$x\\$ | 0.0s | exit 0 |\n")
    }

    /// A row stays a few hundred bytes, however long the title.
    @Test func longTitlesAreCut() {
        let row = JobSummary.row(.init(mark: "✔", title: String(repeating: "x", count: 5_000), outcome: .done, elapsedMS: 0))
        #expect(row.utf8.count < 200)
        #expect(row.contains(String(repeating: "x", count: JobSummary.titleColumns - 1) + "…"))
    }

    /// Few columns can be many bytes: a family emoji is 2 columns and 18 bytes, `&` is 5 escaped.
    /// The row stays under 400 bytes, cut after a whole character, and stays valid UTF-8.
    @Test(arguments: [String(repeating: "👨‍👩‍👧", count: 200), String(repeating: "&", count: 500), String(repeating: "日本", count: 300)])
    func longMultibyteTitlesAreCutInBytes(_ title: String) {
        let row = JobSummary.row(.init(mark: "✖", title: title, outcome: .neverMatched(.exited(1), pattern: String(repeating: "ü", count: 400)),
                                 elapsedMS: 0))
        #expect(row.utf8.count < 400, "\(row.utf8.count) bytes")
        #expect(String(decoding: Array(row.utf8), as: UTF8.self) == row)
        let cells = row.split(separator: " | ").map(String.init)
        #expect(cells.count == 4)
        #expect(cells[1].hasSuffix("…") && JobSummary.escaped(title).hasPrefix(cells[1].dropLast()), "\(cells[1])")
        #expect(cells[3].hasPrefix("exit 1, 'üüü") && cells[3].hasSuffix("… |\n"))
    }

    @Test func theHeaderGoesFirstUnlessTheFileEndsInTheTable() {
        #expect(JobSummary.lead(tail: "") == JobSummary.header)
        #expect(JobSummary.lead(tail: JobSummary.header).isEmpty)
        #expect(JobSummary.lead(tail: "# Build\n" + JobSummary.header + "| ✖ | make | 3.1s | exit 2 |\n").isEmpty)
        #expect(JobSummary.lead(tail: "| FAIL | make | 3.1s | exit 2 |\n").isEmpty)
        #expect(JobSummary.lead(tail: "## Tests\npassed\n") == "\n" + JobSummary.header)
        #expect(JobSummary.lead(tail: "no line end") == "\n\n" + JobSummary.header)
        #expect(JobSummary.lead(tail: "| a | b |\n") == "\n" + JobSummary.header, "someone else's table")
    }

    @Test func onlyOnGitHubActions() {
        #expect(JobSummary(environment: ["GITHUB_ACTIONS": "true", JobSummary.variable: "/tmp/s"])?.path == "/tmp/s")
        #expect(JobSummary(environment: ["GITHUB_ACTIONS": "True", JobSummary.variable: "/tmp/s"])?.path == "/tmp/s")
        #expect(JobSummary(environment: [JobSummary.variable: "/tmp/s"]) == nil)
        #expect(JobSummary(environment: ["GITHUB_ACTIONS": "true", JobSummary.variable: ""]) == nil)
    }
}
