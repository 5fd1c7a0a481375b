import CPtyTestSupport
import Foundation
import LoadWrapTestSupport
import Testing

/// `--timeout`: the command and everything it started get SIGTERM, then SIGKILL after
/// `--kill-after`; nothing survives; the end line says it timed out; exit 124 (137 when the
/// command itself needed SIGKILL), as GNU timeout.
@Suite struct TimeoutTests {
    /// Starts background grandchildren (one in a session of its own, one ignoring SIGTERM), each
    /// announced with `pid N`, then waits for them.
    private let tree = #"""
        sleep 100 & echo pid $!
        (setsid sleep 100 & echo pid $!)
        sh -c 'trap "" TERM; echo pid $$; while :; do sleep 0.1; done' &
        echo pid $$
        wait
        """#

    /// Linux only: the grandchild that leaves the command's session is found through loadwrap's
    /// subreaper, which Darwin lacks (README, Platforms).
    @Test(.timeLimit(.minutes(2)), .enabled(if: ProcessLookup.isLinux, "a grandchild in a session of its own is found only with a subreaper (Linux)"))
    func processTreeIsGoneWithinKillAfter() throws {
        let started = Date()
        let session = try PtySession(
            Loadwrap.command(["--title", "tree", "--timeout", "3", "--kill-after", "2", "--", "sh", "-c", tree]),
            environment: ["CI": "true"])
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.pids(in: $0).count == 4 }, "\(session.outputText.debugDescription)")
        let pids = Loadwrap.pids(in: session.output)
        let watches = pids.map(ptyts_exit_watch)
        defer { for fd in watches where fd >= 0 { close(fd) } }
        #expect(watches.allSatisfy { $0 >= 0 }, "a process of the tree was gone before the timeout: \(pids) \(watches)")
        #expect(session.waitForExit(timeout: 30) == .exited(124))
        let elapsed = Date().timeIntervalSince(started)
        // The TERM-ignoring grandchild holds loadwrap until the SIGKILL at 3 + 2 s.
        #expect(elapsed >= 4.8 && elapsed <= 3 + 2 + 1, "loadwrap ended after \(elapsed) s")
        for (pid, fd) in zip(pids, watches) where fd >= 0 {
            #expect(ptyts_exit_wait(fd, 1_000) == 1, "process \(pid) survived the timeout")
        }
        let lines = Loadwrap.maskedLines(session.output)
        #expect(lines.first == "▸ tree" && lines.last == "✖ tree · timed out after 3s", "\(lines)")
    }

    @Test(.timeLimit(.minutes(2)))
    func commandIgnoringSIGTERMGetsSIGKILL() throws {
        let started = Date()
        let run = try PtySession.run(
            Loadwrap.command(["--title", "stubborn", "--timeout", "1", "--kill-after", "1", "--",
                              "sh", "-c", "trap '' TERM; while :; do sleep 0.1; done"]),
            environment: ["CI": "true"], timeout: 30)
        let elapsed = Date().timeIntervalSince(started)
        #expect(run.termination == .exited(137))
        #expect(elapsed >= 1.8 && elapsed <= 1 + 1 + 1, "loadwrap ended after \(elapsed) s")
        #expect(Loadwrap.maskedLines(run.output) == ["▸ stubborn", "✖ stubborn · timed out after 1s"])
    }

    @Test func overlayEndsCleanWithTheEndLine() throws {
        let started = Date()
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "--title", "slow", "--result", "--timeout", "1", "--", "sleep", "30"]))
        #expect(run.termination == .exited(124))
        #expect(Date().timeIntervalSince(started) < 1 + 1, "SIGTERM should end sleep at once")
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "the spinner never drew")
        let screen = run.screen()
        #expect(screen.snapshot.trimmedText == "✖ slow · timed out after 1s", "\(screen.snapshot)")
        #expect(screen.snapshot.lines[0].cells.first?.attributes.foreground == .indexed(1))
        #expect(screen.cursorVisible)
    }

    @Test func overlayWithoutResultLeavesNothing() throws {
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--timeout", "500ms", "--", "sleep", "30"]))
        #expect(run.termination == .exited(124))
        #expect(run.screen().snapshot == Screen().snapshot, "\(run.screen().snapshot)")
    }

    @Test func commandEndingInTimeIsUntouched() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "quick", "--timeout", "20", "--", "sh", "-c", "echo ok; exit 3"]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(3))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ quick", "ok", "✖ quick · exit 3 · T"])
    }

    @Test func stdinAndCtrlCStillReachTheCommand() throws {
        let session = try PtySession(
            Loadwrap.command(
                ["--delay", "0", "--timeout", "60", "--", "sh", "-c", "read x; echo got $x; exec sleep 30"]))
        defer { session.terminate() }
        #expect(session.waitFor { !Loadwrap.frames(in: $0).isEmpty })
        session.send("hello\r")
        #expect(session.waitForOutput(containing: "got hello"))
        #expect(Poll.until {
            ProcessLookup.children(of: session.pid).contains { ProcessLookup.programName(of: $0).hasPrefix("sleep") }
        })
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
    }
}
