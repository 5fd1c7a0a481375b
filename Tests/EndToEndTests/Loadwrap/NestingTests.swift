import Foundation
import LoadWrapTestSupport
import Testing

/// One spinner per terminal: a loadwrap inside a loadwrapped command draws nothing of its own
/// and shows as `outer › inner` on the outer spinner while it runs.
@Suite struct NestingTests {
    /// The spinner rows of the screen after `bytes`.
    private func rows(_ bytes: [UInt8]) -> [String] { Loadwrap.spinnerRows(Loadwrap.screen(bytes)) }

    @Test func threeDeepShowsOneSpinnerAndRestoresTitles() throws {
        let inner = "loadwrap -t inner -- sh -c 'echo deep; read x'; read y"
        let mid = "loadwrap -t mid -- sh -c \"\(inner)\"; read z"
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "-t", "outer", "--", "sh", "-c", mid]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        for (title, step) in [("outer › mid › inner", 0), ("outer › mid", 1), ("outer", 2)] {
            #expect(session.waitForTitle(title),
                    "step \(step): no single spinner titled '\(title)': \(rows(session.output))")
            session.writeStdin(Array("\n".utf8))
        }
        #expect(session.waitForExit() == .exited(0))
        let snapshot = Loadwrap.screen(session.output).snapshot
        #expect(snapshot.trimmedText == "deep", "\(snapshot)")
        #expect(snapshot.cursorVisible)
        // Every frame drawn anywhere belongs to one spinner: never two spinner rows at once.
        var screen = Screen()
        var most = 0
        for chunk in session.output.split(separator: 0x0A, omittingEmptySubsequences: false) {
            screen.feed(Array(chunk) + [0x0A])
            most = max(most, Loadwrap.spinnerRows(screen).count)
        }
        #expect(most <= 1, "two spinners on screen at once")
    }

    @Test func sayAndDoneInsideANestedRunActOnItsOwnEntry() throws {
        // The inner command renames its run (say) and ends its entry (done); the outer spinner goes on.
        let inner = "loadwrap -t inner -- sh -c 'read a; loadwrap say renamed; read b; loadwrap done; read c'"
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "-t", "outer", "--", "sh", "-c", "\(inner); read d"]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        for (title, step) in [("outer › inner", 0), ("outer › renamed", 1), ("outer", 2)] {
            #expect(session.waitForTitle(title),
                    "step \(step): no single spinner titled '\(title)': \(rows(session.output))")
            session.writeStdin(Array("\n".utf8))
        }
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(0))
    }

    @Test func aSecondLoadwrapOnTheSameTerminalStaysSilent() throws {
        // Two sides of a pipe, both on the terminal: the one that takes the terminal first draws.
        let second = "sleep 0.3; loadwrap --delay 0 -t B -- sh -c 'sleep 1; echo B-done' >&2"
        let run = try PtySession.run(
            ["sh", "-c", "(\(second)) | loadwrap --delay 0 -t A -- sh -c 'sleep 2; cat >/dev/null'; stty -a"],
            environment: Loadwrap.pathFirst)
        #expect(run.termination == .exited(0))
        let text = Loadwrap.text(run.output)
        #expect(text.contains("B-done"))
        #expect(text.contains(" A "), "the first loadwrap drew nothing")
        // The second one writes to the terminal, not into the pipe: in no pipeline with the first,
        // it is a row under the one spinner (indented); no spinner line starts with it.
        let row = { (frame: Character) in "\r  \u{1B}[36m\(frame)\u{1B}[39m B " }
        #expect(Loadwrap.dotsFrames.contains { text.contains(row($0)) }, "the second loadwrap's title is not a row")
        for frame in Loadwrap.dotsFrames {
            #expect(!text.contains("\u{1B}[?7l\u{1B}[36m\(frame)\u{1B}[39m B "), "the second loadwrap drew a spinner too")
        }
        #expect(text.contains(" icanon") && text.contains(" echo"), "the terminal was left in raw mode")
    }

    @Test func exitStatusOfTheInnermostPropagates() throws {
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "-t", "outer", "--", "loadwrap", "-t", "mid", "--",
                              "loadwrap", "-t", "inner", "--", "sh", "-c", "echo deep; read x; exit 7"]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        #expect(session.waitForTitle("outer › mid › inner"), "\(rows(session.output))")
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(7))
        #expect(Loadwrap.screen(session.output).snapshot.trimmedText == "deep")
    }

    @Test func innerSignalDeathPropagates() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "-t", "outer", "--", "loadwrap", "-t", "inner", "--",
                              "sh", "-c", "sleep 0.3; kill -TERM $$"]),
            environment: Loadwrap.pathFirst)
        #expect(run.termination == .signaled(SIGTERM))
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "the outer spinner never drew")
        #expect(run.screen().snapshot == Screen().snapshot, "\(run.screen().snapshot)")
    }

    /// Groups do not nest on GitHub Actions or Buildkite: the inner run opens none and writes no
    /// annotation; its title and its end line show on lines of the outer run's group, and the job
    /// summary gets its row from the outer, as a step under it (issue 44).
    @Test(arguments: [
        (["GITHUB_ACTIONS": "true"], ["::group::▸ outer", "▸ outer › inner", "deep", "✖ inner · exit 7 · T", "::endgroup::",
                                      "✖ outer · exit 7 · T",
                                      "::error title=loadwrap::✖ outer · exit 7 · T"]),
        (["BUILDKITE": "true"], ["--- ▸ outer", "▸ outer › inner", "deep", "✖ inner · exit 7 · T", "^^^ +++",
                                 "✖ outer · exit 7 · T"]),
    ] as [([String: String?], [String])])
    func aNestedRunInACILogOpensNoGroup(_ ci: [String: String?], _ expected: [String]) throws {
        let directory = TestDirectory.make()
        let summary = directory + "/summary.md"
        try "".write(toFile: summary, atomically: true, encoding: .utf8)
        let run = try PtySession.run(
            Loadwrap.command(["-t", "outer", "--", "loadwrap", "-t", "inner", "--", "sh", "-c", "echo deep; exit 7"]),
            environment: Loadwrap.pathFirst.merging(ci.merging(["GITHUB_STEP_SUMMARY": summary]) { $1 }) { $1 })
        #expect(run.termination == .exited(7))
        #expect(Loadwrap.maskedLines(run.output) == expected)
        let rows = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("| ✖") }
            .map { String($0).replacing(/\d+\.\ds/, with: "T") }
        #expect(rows == (ci["GITHUB_ACTIONS"] != nil ? ["| ✖ | outer | T | exit 7 |", "| ✖ | ↳ inner | T | exit 7 |"] : []),
                "\(rows)")
    }

    @Test(arguments: [
        ("C.UTF-8", ["▸ outer", "▸ outer › mid", "▸ outer › mid › inner", "deep", "✖ inner · exit 7 · T",
                     "✖ mid · exit 7 · T", "✖ outer · exit 7 · T"]),
        ("C", ["> outer", "> outer > mid", "> outer > mid > inner", "deep", "FAIL inner - exit 7 - T", "FAIL mid - exit 7 - T",
               "FAIL outer - exit 7 - T"]),
    ])
    func plainModeThreeDeep(_ lang: String, _ expected: [String]) throws {
        let run = try PtySession.run(
            Loadwrap.command(["-t", "outer", "--", "loadwrap", "-t", "mid", "--",
                              "loadwrap", "-t", "inner", "--", "sh", "-c", "echo deep; exit 7"]),
            environment: Loadwrap.pathFirst.merging(["CI": "true", "LANG": lang]) { $1 })
        #expect(run.termination == .exited(7))
        #expect(Loadwrap.maskedLines(run.output) == expected)
    }

    /// The middle loadwrap passes the innermost one's title on late: strace holds each of its
    /// writes 200 ms, as a loaded machine may leave it unscheduled between reading the title and
    /// passing it on. The innermost run's output still comes after its title: its loadwrap waits
    /// until the title has reached the loadwrap that prints, not only the middle one.
    @Test(.enabled(if: ProcessLookup.isLinux && (ExternalTool.exists("strace") || ExternalTool.onCI),
                   "strace(1) delays the middle loadwrap's writes"))
    func aTitlePassedOnLateStillComesBeforeTheOutput() throws {
        let delayed = ["strace", "-o", "/dev/null", "-e", "trace=write", "-e", "inject=write:delay_enter=200000"]
        let run = try PtySession.run(
            Loadwrap.command(["-t", "outer", "--"] + delayed + ["loadwrap", "-t", "mid", "--",
                              "loadwrap", "-t", "inner", "--", "sh", "-c", "echo deep; exit 7"]),
            environment: Loadwrap.pathFirst.merging(["CI": "true", "LANG": "C.UTF-8"]) { $1 })
        #expect(run.termination == .exited(7))
        #expect(Loadwrap.maskedLines(run.output)
            == ["▸ outer", "▸ outer › mid", "▸ outer › mid › inner", "deep", "✖ inner · exit 7 · T", "✖ mid · exit 7 · T",
                "✖ outer · exit 7 · T"])
    }
}
