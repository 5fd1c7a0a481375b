import Foundation
import LoadWrapTestSupport
import Testing

/// Ctrl-Z then `fg` under a job-control shell wakes the command with exactly one SIGCONT, as it
/// would be woken bare, and resizes its pseudo-terminal once.
@Suite struct SuspendCountTests {
    /// A command that counts every SIGCONT it receives. A shell trap cannot: sh (dash) and bash
    /// keep one pending flag per signal, so two SIGCONTs before the trap runs make one line.
    /// Python's C-level handler writes one byte to the wakeup descriptor per delivery. It says
    /// who it is and who its parent (loadwrap) is; after the first SIGCONT it waits a second for
    /// any more, then appends one `cont` line per SIGCONT to the file named by its argument and
    /// prints the count.
    static let counter = """
        import os, signal, sys, time
        r, w = os.pipe()
        os.set_blocking(w, False)
        signal.signal(signal.SIGCONT, lambda signo, frame: None)
        signal.set_wakeup_fd(w)
        parent = os.getppid()
        print(f"started pid={os.getpid()} pgid={os.getpgid(0)} parent={parent} parentpgid={os.getpgid(parent)}", flush=True)
        seen = []
        while signal.SIGCONT not in seen:
            seen += list(os.read(r, 64))
        time.sleep(1)
        os.set_blocking(r, False)
        try:
            seen += list(os.read(r, 64))
        except BlockingIOError:
            pass
        count = seen.count(signal.SIGCONT)
        with open(sys.argv[1], "a") as f:
            f.write("cont\\n" * count)
        print(f"conts={count}", flush=True)
        """

    @Test func controlZThenFgSendsTheCommandOneSIGCONTAndOneResize() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.counter.write(toFile: dir + "/counter.py", atomically: true, encoding: .utf8)
        let file = dir + "/conts"
        let session = try PtySession.interactiveBash()
        defer { session.terminate() }
        let start = session.output.count
        session.send("\(TestEnvironment.loadwrap) --delay 0 -- python3 \(dir)/counter.py \(file)\n")
        // The typed line names counter.py, never `started`: this is the command's output.
        let started = /started pid=(\d+) pgid=(\d+) parent=(\d+) parentpgid=(\d+)\n/
        try #require(session.waitFor { Loadwrap.text(Array($0.dropFirst(start))).contains(started) }, "the command never started")
        let ids = try #require(session.text(after: start).firstMatch(of: started)).output
        let (command, group, loadwrap, loadwrapGroup) = (pid_t(ids.1)!, pid_t(ids.2)!, pid_t(ids.3)!, pid_t(ids.4)!)
        #expect(session.waitFor { !Loadwrap.frames(in: $0.dropFirst(start)).isEmpty }, "no spinner before Ctrl-Z")
        // Two SIGCONTs sent close together may reach the command as one (a pending signal is a
        // bit), so loadwrap's sends are counted too, where strace can attach.
        let trace = SignalSendTrace(pid: loadwrap, running: TestEnvironment.loadwrap, in: dir)
        defer { trace?.stop() }

        let beforeStop = session.output.count
        session.send([0x1A])
        try #require(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeStop))).contains("Stopped") },
                     "the job did not stop: \(session.text(after: beforeStop).debugDescription)")
        #expect(session.waitForPrompt(after: beforeStop))
        let afterFg = session.output.count
        session.send("fg\n")
        try #require(session.waitFor { Loadwrap.text(Array($0.dropFirst(afterFg))).contains("conts=") },
                     "the command never reported: \(session.text(after: afterFg).debugDescription)")
        #expect(session.waitForPrompt(after: afterFg))
        let reported = session.text(after: afterFg).firstMatch(of: /conts=(\d+)/).map { String($0.1) }
        let lines = ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(reported == "1" && lines == ["cont"], "SIGCONT \(reported ?? "?") times after one fg; file: \(lines)")
        if let trace {
            // bash's SIGCONT goes to the job's group: it reaches the command too when it shares loadwrap's group.
            let fromShell = group == loadwrapGroup ? 1 : 0
            let sends = trace.sends(of: "SIGCONT", toProcess: command, orGroup: group)
            let total = sends.count + fromShell
            #expect(total == 1, "the command was sent SIGCONT \(total) times (\(fromShell) from bash, the rest from loadwrap): \(sends)")
            // On fg loadwrap gives the command's pseudo-terminal the real terminal's size, once.
            #expect(trace.windowSizeSets.count == 1, "the pseudo-terminal was resized \(trace.windowSizeSets.count) times: \(trace.windowSizeSets)")
        }
        let status = session.typeAtPrompt(#"echo "rc=$?""#) ?? ""
        #expect(status.contains("rc=0"), "\(status.debugDescription)")
    }
}
