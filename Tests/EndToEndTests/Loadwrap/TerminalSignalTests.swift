import Foundation
import LoadWrapTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The terminal's own progress indicator (OSC 9;4) and the notification at the end of a long
/// run, as the terminal receives them: removed on every way loadwrap ends, invisible on the screen.
@Suite struct TerminalSignalEndToEndTests {
    /// Every OSC 9;4 state sent, in order: `3;0`, `1;40`, `0;0`…
    private func indicatorStates(_ bytes: [UInt8]) -> [String] {
        Loadwrap.text(bytes).split(separator: "\u{1B}]9;4;", omittingEmptySubsequences: false).dropFirst().map { String($0.prefix { $0 != "\u{1B}" }) }
    }

    private func start(_ options: [String], _ script: String, environment: [String: String?] = Loadwrap.pathFirst) throws -> PtySession {
        try PtySession(Loadwrap.command(["--delay", "0", "--term-progress", "always"] + options + ["--", "sh", "-c", script]),
                       stdin: .pipe, environment: environment)
    }

    @Test func followsTheProgressAndIsRemovedAtTheEndLeavingTheBareScreen() throws {
        let script = "echo one; read a; loadwrap progress 40%; read b; echo two"
        let session = try start([], script)
        defer { session.terminate() }
        #expect(session.waitFor { indicatorStates($0).contains("3;0") })
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitFor { indicatorStates($0).contains("1;40") })
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(0))
        #expect(indicatorStates(session.output) == ["3;0", "1;40", "0;0"])
        #expect(session.output.suffix(11) == Array("\u{1B}]9;4;0;0\u{1B}\\".utf8), "not the last bytes written")
        let bare = try PtySession.run(Loadwrap.sh(script), input: Array("\n\n".utf8), environment: Loadwrap.pathFirst)
        #expect(Loadwrap.screen(session.output).snapshot == bare.screen().snapshot)
    }

    @Test(arguments: ["signal", "timeout", "ctrl-c", "failure"])
    func removedOnEveryWayOut(_ end: String) throws {
        let options = end == "timeout" ? ["--timeout", "1"] : []
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--term-progress", "always"] + options
                             + ["--", "sh", "-c", end == "failure" ? "read a; exit 3" : "echo pid $$; exec sleep 30"]),
            stdin: end == "failure" ? .pipe : .pty)
        defer { session.terminate() }
        #expect(session.waitFor { indicatorStates($0).contains("3;0") })
        if end != "failure" {
            // A ^C before the shell has exec'd sleep could be lost to the shell: wait for the exec,
            // then for a frame drawn after it (loadwrap has taken the keys by then).
            #expect(session.waitFor { Loadwrap.pids(in: $0).count == 1 })
            let pid = Loadwrap.pids(in: session.output).first ?? 0
            #expect(Poll.until { ProcessLookup.programName(of: pid) == "sleep" })
            let seen = session.output.count
            #expect(session.waitFor { !Loadwrap.frames(in: $0.dropFirst(seen)).isEmpty })
        }
        switch end {
        case "signal": session.kill(SIGTERM)
        case "ctrl-c": session.send("\u{03}")
        case "failure": session.writeStdin(Array("\n".utf8))
        default: break
        }
        let termination = session.waitForExit(timeout: 30)
        #expect(termination != .timedOut)
        // A failure shows red a moment first; whatever the end, nothing stays.
        #expect(indicatorStates(session.output).suffix(2) == ["2;100", "0;0"], "\(indicatorStates(session.output))")
        #expect(session.output.suffix(11) == Array("\u{1B}]9;4;0;0\u{1B}\\".utf8))
    }

    @Test func neverWithoutAKnownTerminalOrInsideTmux() throws {
        for environment in [[:], ["WT_SESSION": "1", "TMUX": "/tmp/x,1,0"]] as [[String: String?]] {
            let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 0.3"]), environment: environment)
            #expect(run.termination == .exited(0))
            #expect(indicatorStates(run.output).isEmpty)
            #expect(!Loadwrap.frames(in: run.output).isEmpty, "the spinner never drew, so this proves nothing")
        }
        let known = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 0.3"]), environment: ["WT_SESSION": "1"])
        #expect(indicatorStates(known.output) == ["3;0", "0;0"])
    }

    @Test func aLongRunEndsWithANotificationAQuickOneDoesNot() throws {
        let long = try PtySession.run(Loadwrap.command(["--notify=0", "-t", "build", "--", "true"]),
                                      environment: ["TERM_PROGRAM": "WezTerm"])
        #expect(long.termination == .exited(0))
        let text = Loadwrap.text(long.output)
        #expect(text.firstMatch(of: /\x1B\]777;notify;loadwrap;✔ build · \d\.\ds\x1B\\$/) != nil, "\(text.debugDescription)")
        #expect(long.screen().snapshot.trimmedText.isEmpty)
        let quick = try PtySession.run(Loadwrap.command(["--notify", "--", "true"]), environment: ["TERM_PROGRAM": "WezTerm"])
        #expect(quick.output.isEmpty)
        let bell = try PtySession.run(Loadwrap.command(["--notify=0", "--", "sh", "-c", "exit 2"]))
        #expect(bell.termination == .exited(2))
        #expect(bell.output == [0x07])
    }

    @Test func aBadValueIsAUsageError() throws {
        let run = try PtySession.run(Loadwrap.command(["--term-progress", "sometimes", "--", "true"]), stderr: .pipe)
        #expect(run.termination == .exited(125))
        #expect(run.stderrText == "Error: Invalid value 'sometimes' for '--term-progress': expected auto, always or never.\n")
        let variable = try PtySession.run(Loadwrap.command(["--", "sh", "-c", "echo ran"]), stderr: .pipe,
                                          environment: ["LOADWRAP_TERM_PROGRESS": "yes"])
        #expect(variable.termination == .exited(125))
        #expect(variable.stderrText
            == "Error: Invalid value 'yes' for 'LOADWRAP_TERM_PROGRESS': expected auto, always or never.\n")
        #expect(variable.output.isEmpty, "the command ran")
    }
}
