import CPtyTestSupport
import Foundation
import LoadWrapTestSupport
import Testing

/// Signals from the keyboard and from other processes reach the command, and nothing of the
/// command is left running afterwards.
@Suite struct SignalTests {
    /// The pids a script announced with complete `pid N` lines (spinner bytes may precede them).
    private func pids(in bytes: [UInt8]) -> [pid_t] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "pid ").dropFirst().compactMap { rest in
            let digits = rest.prefix(while: \.isNumber)
            return rest.dropFirst(digits.count).first?.isNewline == true ? pid_t(digits) : nil
        }
    }

    /// The name of `pid`'s program, or "" once it is gone.
    private func command(of pid: pid_t) -> String {
        ProcessLookup.programName(of: pid)
    }

    /// Waits until the spinner is drawn after the first `offset` bytes.
    private func waitForSpinner(_ session: PtySession, after offset: Int) -> Bool {
        session.waitFor { !Loadwrap.frames(in: $0.dropFirst(offset)).isEmpty }
    }

    @Test func controlCKillsTheWholeCommandAndLoadwrapDiesOfSIGINT() throws {
        // A pipeline: all three processes are in the foreground group and get ^C.
        let script = #"echo pid $$; sh -c 'echo pid $$; exec sleep 30' | sh -c 'echo pid $$ >&2; exec cat'"#
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]))
        defer { session.terminate() }
        #expect(session.waitFor { pids(in: $0).count == 3 }, "\(session.outputText.debugDescription)")
        // A shell that announced itself may still be on its way to exec, catching SIGINT: a ^C
        // then would be lost for reasons that have nothing to do with loadwrap. There is no
        // event for "has exec'd", so look at the program names until the two ends of the pipe are running.
        let announced = pids(in: session.output)
        #expect(Poll.until { announced.map(command(of:)).filter { ["sleep", "cat"].contains($0) }.count == 2 })
        let watches = announced.map(ptyts_exit_watch)
        defer { for fd in watches { close(fd) } }
        #expect(waitForSpinner(session, after: session.output.count))
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
        for (pid, fd) in zip(pids(in: session.output), watches) {
            #expect(fd >= 0 && ptyts_exit_wait(fd, 10_000) == 1, "process \(pid) of the command survived ^C")
        }
        let screen = Screen.after(session.output)
        let cursorVisible = screen.cursorVisible
        #expect(cursorVisible)
        #expect(Loadwrap.frames(in: Array(screen.render().utf8)).isEmpty, "spinner left on screen:\n\(screen.snapshot)\nlast bytes: \(String(decoding: session.output.suffix(300), as: UTF8.self).debugDescription)")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func signalToLoadwrapIsForwarded(_ signo: Int32) throws {
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "echo pid $$; exec sleep 30"]))
        defer { session.terminate() }
        #expect(session.waitFor { pids(in: $0).count == 1 })
        guard let child = pids(in: session.output).first else { return }
        let watch = ptyts_exit_watch(child)
        defer { close(watch) }
        #expect(waitForSpinner(session, after: 0))
        session.kill(signo)
        #expect(ptyts_exit_wait(watch, 20_000) == 1, "the command did not get signal \(signo)")
        #expect(session.waitForExit() == .signaled(signo))
        let cursorVisible = Screen.after(session.output).cursorVisible
        #expect(cursorVisible)
    }

    /// In a CI job (no controlling terminal) the command leads a process group of its own, so a
    /// signal sent to loadwrap's whole group, as a runner's cancel does, reaches the command once:
    /// from loadwrap, not also directly. (Two SIGTERMs mean "force quit" to many tools; counting
    /// them in a trap is unreliable, as pending signals coalesce, so the groups are compared.)
    @Test func withoutATerminalTheCommandHasItsOwnProcessGroup() throws {
        let report = "echo \"groups $(ps -o pgid= -p $$) $(ps -o pgid= -p $PPID)\""
        let run = try PtySession.run(ProcessLookup.inNewSession([TestEnvironment.loadwrap, "--", "sh", "-c", report]),
                                     stdout: .pipe, stderr: .pipe, environment: ["CI": "true"])
        let words = String(decoding: run.stdout, as: UTF8.self).split(whereSeparator: \.isWhitespace)
        try #require(words.count == 3 && words[0] == "groups", "stdout: \(words)")
        #expect(words[1] != words[2], "the command shares loadwrap's process group")
    }

    @Test func withATerminalTheCommandKeepsLoadwrapsGroupOrItsOwnSession() throws {
        // Python's os.getsid: macOS's ps has no session-id keyword (its `sess` is a kernel address).
        let report = #"python3 -c 'import os, sys; print("sid", *(os.getsid(int(p)) for p in sys.argv[1:]))' $$ $PPID"#
        // No spinner: on a loaded machine Python can outlast the default delay, and a frame would glue to the words.
        let run = try PtySession.run(Loadwrap.command(["--delay", "60s", "--", "sh", "-c", report]))
        let words = Loadwrap.text(run.output).split(whereSeparator: \.isWhitespace).filter { !$0.isEmpty }
        let index = try #require(words.firstIndex(of: "sid"))
        #expect(words[index + 1] != words[index + 2], "with keys through loadwrap the command has its own session")
    }
}

extension Screen {
    /// A 24×80 screen after `bytes`.
    static func after(_ bytes: [UInt8]) -> Screen {
        var screen = Screen()
        screen.feed(bytes)
        return screen
    }
}
