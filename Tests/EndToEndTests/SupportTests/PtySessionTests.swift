import Foundation
import LoadWrapTestSupport
import Testing

/// The harness itself, with plain system programs: a real controlling terminal, the size we
/// asked for, signals from the keyboard and from resizes, pipes, exit statuses.
@Suite struct PtySessionTests {
    @Test func programSeesATerminalOfTheRequestedSize() throws {
        let run = try PtySession.run(["/bin/sh", "-c", "test -t 0 && test -t 1 && test -t 2 && stty size"], rows: 30, cols: 100)
        #expect(run.termination == .exited(0))
        #expect(run.screen().snapshot.trimmedText == "30 100")
    }

    @Test func terminalTranslatesNewlines() throws {
        let run = try PtySession.run(["/bin/sh", "-c", "printf 'a\\nb'"])
        #expect(run.output == Array("a\r\nb".utf8))
    }

    @Test func environmentIsAUTF8XtermWithoutCI() throws {
        let run = try PtySession.run(["/bin/sh", "-c", "echo \"$TERM $LANG ${CI-unset}\""])
        #expect(run.screen().snapshot.trimmedText == "xterm-256color C.UTF-8 unset")
        let ci = try PtySession.run(["/bin/sh", "-c", "echo \"$CI\""], environment: ["CI": "true"])
        #expect(ci.screen().snapshot.trimmedText == "true")
    }

    @Test func exitCodesAndSignals() throws {
        #expect(try PtySession.run(["/bin/sh", "-c", "exit 42"]).termination == .exited(42))
        #expect(try PtySession.run(["/bin/sh", "-c", "kill -TERM $$"]).termination == .signaled(SIGTERM))
    }

    @Test func controlCInterruptsTheForegroundGroup() throws {
        // The trap is set before "ready", so no ^C can fall between announcing and waiting.
        let script = "trap 'echo got-int; exit 3' INT; echo ready; while :; do sleep 0.05; done"
        let session = try PtySession(["/bin/sh", "-c", script])
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "ready"))
        session.send("\u{03}")
        #expect(session.waitForExit() == .exited(3))
        #expect(session.outputText.contains("got-int"))
    }

    @Test func resizeDeliversSIGWINCHAndTheNewSize() throws {
        let script = "trap 'echo size $(stty size)' WINCH; echo ready; while :; do sleep 0.05; done"
        let session = try PtySession(["/bin/sh", "-c", script])
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "ready"))
        session.resize(rows: 33, cols: 101)
        #expect(session.waitForOutput(containing: "size 33 101"))
    }

    @Test func stdinAndStdoutPipes() throws {
        let run = try PtySession.run(["/bin/cat"], input: Array("x\ny".utf8), stdout: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stdout == Array("x\ny".utf8))
        #expect(run.output.isEmpty)
    }

    @Test func stderrPipeIsSeparate() throws {
        let run = try PtySession.run(["/bin/sh", "-c", "echo out; echo err >&2"], stderr: .pipe)
        #expect(run.stderrText == "err\n")
        #expect(run.screen().snapshot.trimmedText == "out")
    }

    @Test func closingTheTerminalEarlyIsNotAHangup() throws {
        // The primary must stay open until the program ends, or the kernel hangs up its session.
        let run = try PtySession.run(["/bin/sh", "-c", "exec 0<&- 1>&- 2>&-; sleep 0.3; exit 7"])
        #expect(run.termination == .exited(7))
    }

    @Test func waitForOutputTimesOut() throws {
        let session = try PtySession(["/bin/sh", "-c", "sleep 5"])
        defer { session.terminate() }
        #expect(!session.waitForOutput(containing: "never", timeout: 0.2))
    }

    @Test func spawnFailureIsAnError() {
        #expect(throws: HarnessError.self) { try PtySession(["/nonexistent/program"]) }
    }
}
