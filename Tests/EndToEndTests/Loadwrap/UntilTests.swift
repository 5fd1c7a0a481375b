import Foundation
import LoadWrapTestSupport
import Testing

/// `--until REGEX`: the spinner stops at the first output line that matches (escapes stripped),
/// the command runs on with its output flowing, and loadwrap exits as the command does.
@Suite struct UntilTests {
    @Test func spinnerGoneAfterTheMatchWhileOutputContinues() throws {
        // The matching line carries colour codes: the match is on the text a user reads.
        let script = #"echo starting; sleep 0.5; printf 'server \033[1mrea\033[0mdy\n'; "#
            + "read x; echo more; sleep 0.5; echo end"
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--until", "server ready", "--", "sh", "-c", script]), stdin: .pipe)
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.frames(in: $0).count >= 2 }, "the spinner never animated before the match")
        #expect(session.waitForOutput(containing: "dy\r\n"))
        let matched = session.output.count
        // The command now waits on stdin: a running spinner would draw a new frame every
        // interval, so a whole second without one means it stopped.
        let drewAgain = session.waitFor(timeout: 1) { !Loadwrap.frames(in: $0.dropFirst(matched)).isEmpty }
        let afterMatch = Loadwrap.text(Array(session.output.dropFirst(matched)))
        #expect(!drewAgain, "spinner drawn after the match: \(afterMatch.debugDescription)")
        let atMatch = Loadwrap.screen(session.output)
        #expect(Loadwrap.spinnerRows(atMatch).isEmpty, "spinner on screen after the match:\n\(atMatch.snapshot)")
        #expect(atMatch.cursorVisible, "cursor still hidden after the spinner stopped")
        #expect(!session.hasExited)
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(0))
        #expect(Loadwrap.frames(in: session.output.dropFirst(matched)).isEmpty)
        let snapshot = Loadwrap.screen(session.output).snapshot
        #expect(snapshot.trimmedText == "starting\nserver ready\nmore\nend", "\(snapshot)")
    }

    /// The ready line is the success; a failure after it is still reported.
    @Test(arguments: [(0, [] as [String]), (3, ["✖ dev · exit 3 · T"])] as [(Int32, [String])])
    func resultLineSaysReady(_ code: Int32, _ after: [String]) throws {
        let script = "echo starting; sleep 0.5; echo Listening on 8080; sleep 0.5; echo served; exit \(code)"
        let run = try PtySession.run(
            Loadwrap.command(
                ["--delay", "0", "--title", "dev", "--result", "--until", "Listening on", "--", "sh", "-c", script]))
        #expect(run.termination == .exited(code))
        let lines = run.screen().snapshot.trimmedText.split(separator: "\n").map { Loadwrap.masked(String($0)) }
        #expect(lines == ["starting", "Listening on 8080", "✔ dev · ready in T", "served"] + after,
                "\(run.screen().snapshot)")
        #expect(Loadwrap.spinnerRows(run.screen()).isEmpty)
    }

    /// `--tail` and `--quiet` hold the output while the spinner shows; the match is a success, so
    /// what they held goes as at a successful end, and the rest shows as it comes.
    @Test(arguments: [["--tail=3"], ["--quiet"]])
    func heldOutputGoesAtTheMatchAndTheRestShows(_ hold: [String]) throws {
        let script = "echo starting; sleep 0.3; echo ready; sleep 0.5; echo served; sleep 0.3; echo again"
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "--until", "ready"] + hold + ["--", "sh", "-c", script]))
        #expect(run.termination == .exited(0))
        #expect(run.screen().snapshot.trimmedText == "served\nagain", "\(run.screen().snapshot)")
        #expect(Loadwrap.spinnerRows(run.screen()).isEmpty)
    }

    @Test func inPlainModeQuietOutputAfterTheMatchReachesTheLog() throws {
        let script = "echo noise; echo ready; sleep 0.3; echo served"
        let run = try PtySession.run(
            Loadwrap.command(["--title", "dev", "--quiet", "--until", "ready", "--", "sh", "-c", script]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(0))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ dev", "✔ dev · ready in T", "served"])
    }

    @Test(arguments: [(0, [] as [String]), (5, ["✖ dev · exit 5 · T"])] as [(Int32, [String])])
    func plainModeReadyLine(_ code: Int32, _ after: [String]) throws {
        let script = "echo a; echo 'ready now'; sleep 0.3; echo b; exit \(code)"
        let run = try PtySession.run(
            Loadwrap.command(["--title", "dev", "--until", "rea+dy", "--", "sh", "-c", script]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(code))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ dev", "a", "ready now", "✔ dev · ready in T", "b"] + after)
        #expect(!run.output.contains(0x1B))
    }

    /// stdout appended to a file: what the file held stays, and every byte lands after it, in
    /// order, before the match (copied while watched) and after it (spliced).
    @Test func stdoutAppendedToAFileKeepsItsStartAndEveryByte() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let log = dir + "/log"
        #expect(FileManager.default.createFile(atPath: log, contents: Data("header\n".utf8)))
        let script = "sh -c 'echo one; echo ready; sleep 0.3; seq 3' >> \(log)"
        let run = try PtySession.run(Loadwrap.sh("\(TestEnvironment.loadwrap) --delay 0 --until ready -- \(script)"))
        #expect(run.termination == .exited(0))
        let content = String(decoding: FileManager.default.contents(atPath: log) ?? Data(), as: UTF8.self)
        #expect(content == "header\none\nready\n1\n2\n3\n", "\(content.debugDescription)")
    }

    @Test func matchOnADataPipeLeavesItsBytesUnchanged() throws {
        let script = "printf 'x\\001y\\n'; echo ready; sleep 0.3; printf 'tail without newline'"
        let run = try PtySession.run(
            Loadwrap.command(["--title", "dev", "--until", "^ready$", "--", "sh", "-c", script]),
            stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stdout == Array("x\u{01}y\nready\ntail without newline".utf8))
        #expect(Loadwrap.maskedLines(run.stderr) == ["▸ dev", "✔ dev · ready in T"])
    }

    @Test(arguments: [(3, "✖ dev · exit 3 · 'zzz' never matched · T"), (0, "✖ dev · 'zzz' never matched · T")]
          as [(Int32, String)])
    func neverMatchedInPlainMode(_ code: Int32, _ endLine: String) throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "dev", "--until", "zzz", "--", "sh", "-c", "echo a; exit \(code)"]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(code))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ dev", "a", endLine])
    }

    @Test func neverMatchedInOverlayMode() throws {
        let run = try PtySession.run(Loadwrap.command(
            ["--delay", "0", "--title", "dev", "--result", "--until", "zzz", "--",
             "sh", "-c", "echo a; sleep 0.5; exit 3"]))
        #expect(run.termination == .exited(3))
        let lines = run.screen().snapshot.trimmedText.split(separator: "\n").map { Loadwrap.masked(String($0)) }
        #expect(lines == ["a", "✖ dev · exit 3 · 'zzz' never matched · T"], "\(run.screen().snapshot)")
        #expect(Loadwrap.spinnerRows(run.screen()).isEmpty)
    }

    @Test func invalidPatternIsAUsageError() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--until", "(", "--", "sh", "-c", "echo ran"]), stdout: .pipe)
        #expect(run.termination == .exited(125))
        let expected = "Error: Invalid pattern '(' for '--until' at position 2: expected ')'."
        #expect(Loadwrap.lines(run.output).first == expected,
                "\(Loadwrap.text(run.output).debugDescription)")
        #expect(run.stdout.isEmpty, "the command ran")
        #expect(Loadwrap.frames(in: run.output).isEmpty)
    }
}
