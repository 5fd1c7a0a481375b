import CPtyTestSupport
import Foundation
import LoadWrapTestSupport
import Testing

/// Data in and out of the command: stdin reaches it, pipes carry its bytes exactly, and a
/// stderr that is not a terminal gets no escape byte.
@Suite struct StreamTests {
    @Test func stdinPipeReachesTheCommand() throws {
        let bare = try PtySession.run(["/bin/cat"], input: Array("x\n".utf8))
        let wrapped = try PtySession.run(Loadwrap.command(["--", "cat"]), input: Array("x\n".utf8))
        #expect(wrapped.termination == .exited(0))
        #expect(wrapped.screen().snapshot.trimmedText == "x")
        #expect(wrapped.screen().snapshot == bare.screen().snapshot)
    }

    @Test func slowStdinPipeWithSpinnerShown() throws {
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "cat"]), stdin: .pipe)
        defer { session.terminate() }
        #expect(session.waitFor { !Loadwrap.frames(in: $0).isEmpty })
        session.writeStdin(Array("first\n".utf8))
        #expect(session.waitForOutput(containing: "first"))
        session.writeStdin(Array("second\n".utf8))
        session.closeStdin()
        #expect(session.waitForExit() == .exited(0))
        let snapshot = Screen.after(session.output).snapshot
        #expect(snapshot.trimmedText == "first\nsecond")
        #expect((snapshot.cursorRow, snapshot.cursorCol, snapshot.cursorVisible) == (2, 0, true))
    }

    @Test(.timeLimit(.minutes(3)))
    func pipeIsByteExact() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let input = dir + "/random"
        let made = try PtySession.run(
            Loadwrap.sh("head -c 67108864 /dev/urandom > \(input) && \(ProcessLookup.sha256) < \(input)"),
            stdout: .pipe, timeout: 120)
        #expect(made.termination == .exited(0))
        let expected = String(decoding: made.stdout, as: UTF8.self)

        var ends: [Int32] = [-1, -1]
        #expect(ptyts_pipe(&ends) == 0)
        let hasher = try PtySession(["sh", "-c", ProcessLookup.sha256], stdin: .descriptor(ends[0]), stdout: .pipe)
        defer { hasher.terminate() }
        close(ends[0])
        let wrapped = try PtySession(
            Loadwrap.command(["--delay", "0", "--", "cat"]), stdin: .file(input), stdout: .descriptor(ends[1]))
        defer { wrapped.terminate() }
        close(ends[1])
        #expect(wrapped.waitForExit(timeout: 120) == .exited(0))
        #expect(hasher.waitForExit(timeout: 120) == .exited(0))
        #expect(String(decoding: hasher.pipeOutput(1), as: UTF8.self) == expected)
        #expect(expected.count == 68 && expected.hasSuffix("  -\n"), "sha256sum said \(expected.debugDescription)")
    }

    @Test(arguments: [[], ["--delay", "0"]])
    func stderrNotATerminalGetsNoEscapes(_ options: [String]) throws {
        let script = "echo out; sleep 0.3; echo err >&2; echo out2"
        let run = try PtySession.run(
            Loadwrap.command(options + ["--", "sh", "-c", script]), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stdout == Array("out\nout2\n".utf8))
        #expect(!run.stderr.contains(0x1B), "escape byte on a non-terminal stderr: \(run.stderrText.debugDescription)")
        #expect(run.stderrText.contains("err\n"))
        #expect(run.output.isEmpty, "loadwrap wrote to the terminal, which is neither its stdout nor stderr")
    }

    @Test func stderrNotATerminalLeavesTerminalStdoutUntouched() throws {
        let script = #"printf '\033[31mred\033[0m\n'; sleep 0.3; echo err >&2"#
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]), stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.output == Array("\u{1B}[31mred\u{1B}[0m\r\n".utf8))
        #expect(!run.stderr.contains(0x1B))
        #expect(run.stderrText.contains("err\n"))
    }
}
