import Foundation
import Testing

/// Every line loadwrap writes itself (early stop, end line, `say`, `done`, heartbeat, log group
/// markers) starts on a line of its own when the command left a partial line, in every mode: no
/// NUL byte, the partial text on its own row, and no blank line between them.
@Suite struct OwnLinesTests {
    /// One command that leaves a partial line before loadwrap writes a line of its own.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let options: [String]
        let script: String
        var environment: [String: String] = [:]
        let status: Int32
        /// Every line, elapsed times masked as `T` (`Loadwrap.masked`).
        let expected: [String]
        var testDescription: String { name }
    }

    /// Asserts that `bytes` hold no NUL and read as exactly `expected`; a run of heartbeat lines
    /// counts as one (how many fit in a silence depends on the machine's load).
    private func expectLines(_ bytes: [UInt8], _ expected: [String], _ destination: Destination) {
        #expect(!bytes.contains(0), "\(destination): NUL byte in \(Loadwrap.text(bytes).debugDescription)")
        var lines: [String] = []
        for line in Loadwrap.maskedLines(bytes) where !(line.hasPrefix("… ") && lines.last == line) {
            lines.append(line)
        }
        #expect(lines == expected, "\(destination): \(Loadwrap.text(bytes).debugDescription)")
    }

    // MARK: Overlay

    static let overlayCases = [
        Case(name: "early-stop line after a partial line",
             options: ["--result", "--until", "ready"], script: "printf ready; sleep 0.3; exit 1", status: 1,
             expected: ["ready", "✔ job · ready in T", "✖ job · exit 1 · T"]),
        Case(name: "failure end line after a partial line",
             options: ["--result"], script: "sleep 0.3; printf partial; sleep 0.3; exit 1", status: 1,
             expected: ["partial", "✖ job · exit 1 · T"]),
        Case(name: "success end line after a partial line",
             options: ["--result"], script: "sleep 0.3; printf partial; sleep 0.3", status: 0,
             expected: ["partial", "✔ job · T"]),
        Case(name: "timeout line after a partial line",
             options: ["--result", "--timeout", "1s"], script: "printf partial; sleep 10", status: 124,
             expected: ["partial", "✖ job · timed out after 1s"]),
        Case(name: "done line after a partial line",
             options: [], script: "sleep 0.3; printf part; loadwrap done Built; echo more; sleep 0.3", status: 0,
             expected: ["part", "✔ Built · T", "more"]),
        Case(name: "replayed held output ending in a partial line, then the end line",
             options: ["--quiet", "--result"], script: "sleep 0.3; printf part; sleep 0.3; exit 2", status: 2,
             expected: ["part", "✖ job · exit 2 · T"]),
    ]

    @Test("overlay mode: loadwrap's line after a partial line", arguments: overlayCases)
    func overlayLineStartsALineOfItsOwn(_ c: Case) throws {
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "-t", "job"] + c.options + ["--", "sh", "-c", c.script]),
            environment: Loadwrap.pathFirst.merging(c.environment) { $1 })
        #expect(run.termination == .exited(c.status))
        #expect(!run.output.contains(0), "NUL byte in \(Loadwrap.text(run.output).debugDescription)")
        let snapshot = run.screen().snapshot
        let rows = snapshot.trimmedText.split(separator: "\n", omittingEmptySubsequences: false).map { Loadwrap.masked(String($0)) }
        #expect(rows == c.expected, "\(snapshot)")
        #expect(snapshot.cursorVisible)
    }

    // MARK: Plain

    static let plainCases = [
        Case(name: "early-stop line after a partial line",
             options: ["--until", "ready"], script: "printf ready >&2; sleep 0.3; exit 1", status: 1,
             expected: ["▸ job", "ready", "✔ job · ready in T", "✖ job · exit 1 · T"]),
        Case(name: "end line after a partial line",
             options: [], script: "printf partial >&2; exit 1", status: 1,
             expected: ["▸ job", "partial", "✖ job · exit 1 · T"]),
        Case(name: "say after a partial line",
             options: [], script: "printf part >&2; loadwrap say next; echo more >&2", status: 0,
             expected: ["▸ job", "part", "▸ next", "more", "✔ job · T"]),
        Case(name: "done after a partial line",
             options: [], script: "printf part >&2; loadwrap done Built; echo more >&2", status: 0,
             expected: ["▸ job", "part", "✔ Built · T", "more"]),
        Case(name: "heartbeat after a partial line",
             options: ["--heartbeat", "0.5s"], script: "printf part >&2; sleep 0.8; echo more >&2", status: 0,
             expected: ["▸ job", "part", "… job · still running · T", "more", "✔ job · T"]),
        Case(name: "held output replayed, ending in a partial line",
             options: ["--quiet"], script: "echo first >&2; printf part >&2; exit 2", status: 2,
             expected: ["▸ job", "first", "part", "✖ job · exit 2 · T"]),
        Case(name: "GitHub Actions group end after a partial line",
             options: [], script: "printf part >&2; exit 2", environment: ["GITHUB_ACTIONS": "true"], status: 2,
             expected: ["::group::▸ job", "part", "::endgroup::", "✖ job · exit 2 · T",
                                "::error title=loadwrap::✖ job · exit 2 · T"]),
        Case(name: "GitHub Actions group end after a partial line, heartbeat off",
             options: ["--heartbeat", "0"], script: "printf part >&2; exit 2", environment: ["GITHUB_ACTIONS": "true"],
             status: 2, expected: ["::group::▸ job", "part", "::endgroup::", "✖ job · exit 2 · T",
                                "::error title=loadwrap::✖ job · exit 2 · T"]),
    ]

    /// Where plain mode writes: the terminal (`--mode plain`) or a log pipe (stderr not a terminal).
    enum Destination: String, Sendable, CaseIterable, CustomTestStringConvertible {
        case terminal, logPipe
        var testDescription: String { rawValue }
    }

    @Test("plain mode: loadwrap's line after a partial line", arguments: plainCases, Destination.allCases)
    func plainLineStartsALineOfItsOwn(_ c: Case, _ destination: Destination) throws {
        let arguments = ["-t", "job"] + c.options + ["--", "sh", "-c", c.script]
        let environment = Loadwrap.pathFirst.merging(c.environment) { $1 }
        switch destination {
        case .terminal:
            let run = try PtySession.run(Loadwrap.command(["--mode", "plain"] + arguments), environment: environment)
            #expect(run.termination == .exited(c.status))
            expectLines(run.output, c.expected, destination)
        case .logPipe:
            let run = try PtySession.run(Loadwrap.command(arguments), stdout: .pipe, stderr: .pipe, environment: environment)
            #expect(run.termination == .exited(c.status))
            expectLines(run.stderr, c.expected, destination)
            #expect(run.stdout.isEmpty && run.output.isEmpty)
        }
    }

    @Test func gitlabSectionEndAfterAPartialLineStartsALineOfItsOwn() throws {
        let run = try PtySession.run(
            Loadwrap.command(["-t", "job", "--", "sh", "-c", "printf part >&2; exit 2"]),
            stdout: .pipe, stderr: .pipe, environment: ["GITLAB_CI": "true"])
        #expect(run.termination == .exited(2))
        #expect(!run.stderr.contains(0), "NUL byte in \(Loadwrap.text(run.stderr).debugDescription)")
        let lines = Loadwrap.maskedLines(run.stderr)
        #expect(lines.count == 4 && lines[1] == "part" && lines[2].hasPrefix("\u{1B}[0Ksection_end:")
                && lines[3] == "✖ job · exit 2 · T", "\(lines)")
        #expect(!lines.contains(""), "blank line in \(lines)")
    }

    // MARK: Silent

    @Test func silentModeWritesNothingOfItsOwnAfterAPartialLine() throws {
        let script = "printf ready; loadwrap say next; printf a; loadwrap done Built; printf b; exit 1"
        let run = try PtySession.run(
            Loadwrap.command(["--mode", "silent", "--result", "--until", "ready", "-t", "job", "--", "sh", "-c", script]),
            environment: Loadwrap.pathFirst)
        #expect(run.termination == .exited(1))
        #expect(run.output == Array("readyab".utf8), "\(Loadwrap.text(run.output).debugDescription)")
    }
}
