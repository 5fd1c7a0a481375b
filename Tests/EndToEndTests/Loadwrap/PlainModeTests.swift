import Foundation
import Testing

/// Plain mode, the CI log: a start line, the command's output untouched, an end line; log
/// groups on GitHub Actions and GitLab CI (the other services in `CIGroupTests`); ASCII without a UTF-8 locale; heartbeats only in
/// silence. Not one escape byte from loadwrap outside the GitLab section markers.
@Suite struct PlainModeTests {
    /// A script that writes to both streams and exits with `code`.
    private func talker(exit code: Int32) -> [String] {
        ["--title", "build", "--", "sh", "-c", "echo out; echo err >&2; exit \(code)"]
    }

    @Test(arguments: [(0, "✔ build · T"), (2, "✖ build · exit 2 · T")] as [(Int32, String)])
    func ciOnATerminalWritesPlainLines(_ code: Int32, _ endLine: String) throws {
        let run = try PtySession.run(Loadwrap.command(talker(exit: code)), environment: ["CI": "true"])
        #expect(run.termination == .exited(code))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "out", "err", endLine])
        #expect(!run.output.contains(0x1B), "escape bytes: \(Loadwrap.text(run.output).debugDescription)")
        #expect(Loadwrap.frames(in: run.output).isEmpty)
    }

    @Test func ciFalseIsNoCI() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 0.5"]), environment: ["CI": "false"])
        #expect(run.termination == .exited(0))
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "CI=false must leave the overlay on")
    }

    /// A service's variable counts only with the value its documentation gives it.
    @Test(arguments: [["BUILDKITE": "false"], ["GITLAB_CI": ""], ["TF_BUILD": "False"], ["GITHUB_ACTIONS": "0"]] as [[String: String?]])
    func aServiceVariableThatIsNotTrueIsNoCI(_ environment: [String: String?]) throws {
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 0.3"]), environment: environment)
        #expect(run.termination == .exited(0))
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "\(environment) must leave the overlay on")
    }

    @Test func logFileGetsLinesAndDataPipeIsUntouched() throws {
        let run = try PtySession.run(Loadwrap.command(talker(exit: 0)), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stdout == Array("out\n".utf8))
        #expect(Loadwrap.maskedLines(run.stderr) == ["▸ build", "err", "✔ build · T"])
        #expect(!run.stderr.contains(0x1B))
        #expect(run.output.isEmpty, "loadwrap wrote to the terminal, which is neither its stdout nor stderr")
    }

    @Test func defaultTitleIsTheCommandLine() throws {
        let run = try PtySession.run(Loadwrap.command(["--", "sh", "-c", "exit 0"]), environment: ["CI": "true"])
        #expect(Loadwrap.maskedLines(run.output) == ["▸ sh -c 'exit 0'", "✔ sh -c 'exit 0' · T"])
    }

    @Test func signalDeathIsNamed() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--", "sh", "-c", "echo out; kill -TERM $$"]),
            environment: ["CI": "true"])
        #expect(run.termination == .signaled(SIGTERM))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "out", "✖ build · killed by SIGTERM · T"])
    }

    @Test func elapsedTimeIsReal() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--", "sleep", "1.2"]), environment: ["CI": "true"])
        let last = Loadwrap.lines(run.output).last ?? ""
        let seconds = last.firstMatch(of: /· (\d+)\.(\d)s$/).map { Double("\($0.1).\($0.2)") ?? 0 }
        #expect(seconds.map { $0 >= 1.2 && $0 < 10 } == true, "end line \(last.debugDescription)")
    }

    @Test func titleCannotInjectEscapes() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "a\u{1B}[31mb\u{07}c", "--", "true"]), environment: ["CI": "true"])
        #expect(run.termination == .exited(0))
        #expect(!run.output.contains(0x1B) && !run.output.contains(0x07),
                "\(Loadwrap.text(run.output).debugDescription)")
        #expect(Loadwrap.lines(run.output).first?.hasPrefix("▸ a") == true)
    }

    @Test(arguments: [(0, "✔ build · T"), (2, "✖ build · exit 2 · T")] as [(Int32, String)])
    func githubActionsGroupsTheOutputAndLeavesTheEndLineOut(_ code: Int32, _ endLine: String) throws {
        let run = try PtySession.run(Loadwrap.command(talker(exit: code)), environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.termination == .exited(code))
        let annotation = code == 0 ? [] : ["::error title=loadwrap::" + endLine]
        #expect(Loadwrap.maskedLines(run.output) == ["::group::▸ build", "out", "err", "::endgroup::", endLine] + annotation)
        #expect(!run.output.contains(0x1B))
    }

    @Test func githubActionsWithoutGroups() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--no-group"] + talker(exit: 2)), environment: ["GITHUB_ACTIONS": "true"])
        #expect(Loadwrap.maskedLines(run.output)
            == ["▸ build", "out", "err", "✖ build · exit 2 · T", "::error title=loadwrap::✖ build · exit 2 · T"])
    }

    @Test func gitlabSectionsAreTheOnlyEscapes() throws {
        let before = Int(Date().timeIntervalSince1970)
        let session = try PtySession(Loadwrap.command(talker(exit: 2)), environment: ["GITLAB_CI": "true"])
        defer { session.terminate() }
        #expect(session.waitForExit() == .exited(2))
        let after = Int(Date().timeIntervalSince1970) + 1
        let lines = Loadwrap.maskedLines(session.output)
        try #require(lines.count == 5, "\(lines)")
        let start = try #require(
            lines[0].wholeMatch(
                of: /\u{1B}\[0Ksection_start:(\d+):(loadwrap_\d+)\[collapsed=true\]\r\u{1B}\[0K▸ build/),
            "\(lines[0].debugDescription)")
        let end = try #require(
            lines[3].wholeMatch(of: /\u{1B}\[0Ksection_end:(\d+):(loadwrap_\d+)\r\u{1B}\[0K/),
            "\(lines[3].debugDescription)")
        #expect(start.2 == "loadwrap_\(session.pid)" && end.2 == start.2)
        for stamp in [Int(start.1), Int(end.1)] {
            #expect(stamp.map { (before...after).contains($0) } == true,
                    "timestamp \(String(describing: stamp)) not in \(before)...\(after)")
        }
        #expect(Array(lines[1...2]) == ["out", "err"])
        #expect(lines[4] == "✖ build · exit 2 · T")
        let outsideMarkers = [lines[1], lines[2], lines[4]].joined()
        #expect(!outsideMarkers.contains("\u{1B}"))
        #expect(lines[0].filter { $0 == "\u{1B}" }.count == 2 && lines[3].filter { $0 == "\u{1B}" }.count == 2)
    }

    @Test func gitlabWithoutGroupsHasNoEscapes() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--no-group"] + talker(exit: 0)), environment: ["GITLAB_CI": "true"])
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "out", "err", "✔ build · T"])
        #expect(!run.output.contains(0x1B))
    }

    /// A C locale, with nothing else in the environment naming one (the harness drops LC_ALL,
    /// LC_CTYPE and LANGUAGE), gets ASCII lines only.
    @Test(arguments: [
        (0, ["CI": "true"], ["> build", "out", "err", "OK build - T"]),
        (3, ["CI": "true"], ["> build", "out", "err", "FAIL build - exit 3 - T"]),
        (3, ["GITHUB_ACTIONS": "true"], ["::group::> build", "out", "err", "::endgroup::", "FAIL build - exit 3 - T",
                                         "::error title=loadwrap::FAIL build - exit 3 - T"]),
    ] as [(Int32, [String: String], [String])])
    func asciiWithoutAUTF8Locale(_ code: Int32, _ ci: [String: String], _ expected: [String]) throws {
        var environment: [String: String?] = ci
        environment["LANG"] = "C"
        let run = try PtySession.run(Loadwrap.command(talker(exit: code)), environment: environment)
        #expect(run.termination == .exited(code))
        #expect(Loadwrap.maskedLines(run.output) == expected)
        #expect(run.output.allSatisfy { $0 < 0x80 }, "non-ASCII bytes: \(Loadwrap.text(run.output).debugDescription)")
    }

    @Test func asciiHeartbeatAndSignal() throws {
        let run = try PtySession.run(
            Loadwrap.command(
                ["--title", "build", "--heartbeat", "200ms", "--", "sh", "-c", "sleep 0.7; kill -TERM $$"]),
            environment: ["CI": "true", "LANG": "C"])
        #expect(run.termination == .signaled(SIGTERM))
        let lines = Loadwrap.maskedLines(run.output)
        #expect(lines.first == "> build" && lines.last == "FAIL build - killed by SIGTERM - T", "\(lines)")
        #expect(lines.dropFirst().dropLast().allSatisfy { $0 == "... build - still running - T" } && lines.count >= 3,
                "\(lines)")
        #expect(run.output.allSatisfy { $0 < 0x80 })
    }

    /// Heartbeats fill silences of the interval and never interrupt a command that is talking.
    @Test func heartbeatOnlyDuringSilence() throws {
        // Silent 1.5 s, talking every 50 ms for about 1.5 s, silent 1.5 s; heartbeat every 400 ms.
        let script = "sleep 1.5; for i in $(seq 30); do echo talk $i; sleep 0.05; done; sleep 1.5"
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--heartbeat", "400ms", "--", "sh", "-c", script]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(0))
        let lines = Loadwrap.lines(run.output)
        let isBeat = { (line: String) in Loadwrap.masked(line) == "… build · still running · T" }
        guard let first = lines.firstIndex(of: "talk 1"), let last = lines.firstIndex(of: "talk 30") else {
            Issue.record("no talk lines: \(lines)")
            return
        }
        #expect(lines.first == "▸ build" && Loadwrap.masked(lines.last ?? "") == "✔ build · T", "\(lines)")
        let before = lines[..<first].filter(isBeat).count
        let during = lines[first...last].filter(isBeat).count
        let after = lines[(last + 1)...].dropLast().filter(isBeat).count
        #expect((2...6).contains(before), "\(before) heartbeats in 1.5 s of silence at 400 ms: \(lines)")
        #expect(during == 0, "a heartbeat interrupted the talking: \(lines)")
        #expect((2...6).contains(after), "\(after) heartbeats in the last 1.5 s of silence: \(lines)")
        #expect(lines.dropFirst().dropLast().allSatisfy { isBeat($0) || $0.hasPrefix("talk ") }, "\(lines)")
        // The elapsed time a heartbeat reports grows with the run.
        let times = lines.filter(isBeat).compactMap { line in
            line.firstMatch(of: /(\d+)\.(\d)s$/).map { Double("\($0.1).\($0.2)")! }
        }
        #expect(times == times.sorted() && (times.first ?? 0) >= 0.4, "\(times)")
    }

    @Test func heartbeatZeroIsOff() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--heartbeat", "0", "--", "sleep", "1"]), environment: ["CI": "true"])
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "✔ build · T"])
    }
}
