import CPtyTestSupport
import Foundation
import LoadWrapTestSupport
import Testing

/// The plain POSIX paths Darwin needs, run on Linux through loadwrap's internal switch
/// (`LOADWRAP_INTERNAL_POSIX_FALLBACKS=1`, Platform.fallbackSwitch) and, for comparison, without
/// it: the fork → setsid → TIOCSCTTY → exec spawn, the keyboard-or-process decision taken from
/// the foreground group, a timeout that finds orphans in the command's group without a
/// subreaper, and the keyboard given up when it cannot be polled.
@Suite struct PosixFallbackTests {
    /// The environment that turns the fallbacks on, or leaves them off.
    static func environment(_ fallbacks: Bool) -> [String: String?] {
        [TestEnvironment.fallbackSwitch: fallbacks ? "1" : nil]
    }

    /// Alone on the terminal the command's pseudo-terminal is its controlling terminal: `/dev/tty`
    /// opens, a resize signals it, Ctrl-C typed on the real terminal kills it.
    @Test(arguments: [false, true])
    func aloneOnTheTerminalTheCommandHasItsOwnTerminal(_ fallbacks: Bool) throws {
        let script = #"exec 3</dev/tty && echo ctty-ok; trap 'echo winch' WINCH; "#
            + #"echo "pid $$ pgid $(ps -o pgid= -p $$ | tr -d ' ')"; while :; do sleep 0.1; done"#
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]),
                                     environment: Self.environment(fallbacks))
        defer { session.terminate() }
        let ids = /pid (\d+) pgid (\d+)/
        #expect(session.waitFor { Loadwrap.text($0).contains("ctty-ok") && Loadwrap.text($0).contains(ids) },
                "\(session.outputText.debugDescription)")
        let match = try #require(Loadwrap.text(session.output).firstMatch(of: ids))
        #expect(match.1 == match.2, "the command does not lead a group (session) of its own")
        #expect(session.waitFor { !Loadwrap.frames(in: $0).isEmpty })
        let beforeResize = session.output.count
        session.resize(rows: 30, cols: 100)
        #expect(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeResize))).contains("winch") },
                "the resize did not reach the command")
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
    }

    /// The spawn's own errors come back as exit codes as `env` gives them, through either path.
    @Test(arguments: [false, true])
    func notFoundAndNotExecutableAreReportedAsEnvDoes(_ fallbacks: Bool) throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        FileManager.default.createFile(atPath: dir + "/plain", contents: Data("echo no\n".utf8), attributes: [.posixPermissions: 0o644])
        let cases: [([String], Int32)] = [
            (["no-such-command-loadwrap"], 127), (["/nonexistent/command"], 127), ([dir + "/plain"], 126),
            (["sh", "-c", "exit 3"], 3),
        ]
        for (command, code) in cases {
            let run = try PtySession.run(Loadwrap.command(["--"] + command), environment: Self.environment(fallbacks))
            #expect(run.termination == .exited(code), "\(command): \(Loadwrap.text(run.output).debugDescription)")
        }
    }

    /// Sharing loadwrap's group on a terminal (plain mode), a Ctrl-C reaches the command once,
    /// from the terminal: loadwrap, which got it too, passes on nothing.
    @Test(arguments: [false, true])
    func controlCInPlainModeReachesTheCommandOnce(_ fallbacks: Bool) throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.sigintCounter.write(toFile: dir + "/counter.py", atomically: true, encoding: .utf8)
        let session = try PtySession(
            Loadwrap.command(["--mode", "plain", "--", "python3", dir + "/counter.py"]), environment: Self.environment(fallbacks))
        defer { session.terminate() }
        let ready = /ready pid=(\d+)/
        try #require(session.waitFor { Loadwrap.text($0).contains(ready) }, "\(session.outputText.debugDescription)")
        let announced = try #require(Loadwrap.text(session.output).firstMatch(of: ready))
        let command = try #require(pid_t(announced.1))
        let trace = SignalSendTrace(pid: session.pid, running: TestEnvironment.loadwrap, in: dir)
        defer { trace?.stop() }
        session.send("\u{03}")
        #expect(session.waitFor { Loadwrap.text($0).contains("sigints=") }, "\(session.outputText.debugDescription)")
        let count = Loadwrap.text(session.output).firstMatch(of: /sigints=(\d+)/).map { String($0.1) }
        #expect(count == "1", "the command got SIGINT \(count ?? "?") times for one Ctrl-C")
        if let trace {
            #expect(trace.sends(of: "SIGINT", toProcess: command, orGroup: command).isEmpty, "loadwrap passed the key's SIGINT on")
        }
        #expect(session.waitForExit() == .exited(0))
    }

    /// Sharing loadwrap's group on a terminal, a SIGTERM another process sends loadwrap is
    /// passed on: no terminal sends it, whatever the foreground group.
    @Test(arguments: [false, true])
    func sigtermToLoadwrapInPlainModeReachesTheCommand(_ fallbacks: Bool) throws {
        let session = try PtySession(Loadwrap.command(["--mode", "plain", "--", "sh", "-c", "echo pid $$; exec sleep 30"]),
                                     environment: Self.environment(fallbacks))
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.pids(in: $0).count == 1 })
        let command = Loadwrap.pids(in: session.output).first ?? 0
        #expect(Poll.until { ProcessLookup.programName(of: command) == "sleep" })
        session.kill(SIGTERM)
        #expect(session.waitForExit() == .signaled(SIGTERM))
    }

    /// An orphan left in the command's session, ignoring SIGTERM and SIGHUP, is found by the
    /// timeout even without a subreaper (it went to init), and gets SIGKILL after `--kill-after`.
    @Test(.timeLimit(.minutes(2)), arguments: [false, true])
    func aTimeoutEndsAnOrphanInTheCommandsSession(_ fallbacks: Bool) throws {
        let script = #"(sh -c 'trap "" TERM HUP; echo pid $$; while :; do sleep 0.1; done' &); echo pid $$; exec sleep 100"#
        let started = Date()
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--timeout", "2", "--kill-after", "2", "--", "sh", "-c", script]),
            environment: Self.environment(fallbacks))
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.pids(in: $0).count == 2 }, "\(session.outputText.debugDescription)")
        let watches = Loadwrap.pids(in: session.output).map(ptyts_exit_watch)
        defer { for watch in watches where watch >= 0 { close(watch) } }
        #expect(watches.allSatisfy { $0 >= 0 }, "a process was gone before the timeout")
        #expect(session.waitForExit(timeout: 30) == .exited(124))
        let elapsed = Date().timeIntervalSince(started)
        #expect(elapsed >= 3.8, "loadwrap ended after \(elapsed) s, before the orphan's SIGKILL at 2 + 2 s")
        for watch in watches where watch >= 0 {
            #expect(ptyts_exit_wait(watch, 1_000) == 1, "a process of the command survived the timeout")
        }
    }

    /// A keyboard that could only be `/dev/tty` (stderr opened by that name, stdin not the
    /// terminal), where that cannot be polled (the switch), is given up: the command stays in
    /// loadwrap's group on the real terminal, whose Ctrl-C reaches both; else keys go through
    /// loadwrap to a terminal and group of the command's own.
    @Test(arguments: [false, true])
    func aKeyboardThatCannotBePolledLeavesTheKeysToTheTerminal(_ fallbacks: Bool) throws {
        let inner = #"echo "pid $$ pgid $(ps -o pgid= -p $$ | tr -d ' ')"; exec sleep 30"#
        let session = try PtySession(
            ["sh", "-c", #"exec "$0" --delay 0 -- sh -c "$1" 2>/dev/tty"#, TestEnvironment.loadwrap, inner],
            stdin: .pipe, environment: Self.environment(fallbacks))
        defer { session.terminate() }
        let ids = /pid (\d+) pgid (\d+)/
        #expect(session.waitFor { Loadwrap.text($0).contains(ids) }, "\(session.outputText.debugDescription)")
        let match = try #require(Loadwrap.text(session.output).firstMatch(of: ids))
        #expect((match.1 == match.2) == !fallbacks, "pid \(match.1), group \(match.2), loadwrap \(session.pid)")
        #expect(Poll.until { ProcessLookup.programName(of: pid_t(match.1) ?? 0) == "sleep" })
        let seen = session.output.count
        #expect(session.waitFor { !Loadwrap.frames(in: $0.dropFirst(seen)).isEmpty },
                "\(String(decoding: session.output.suffix(400), as: UTF8.self).debugDescription)")
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
    }

    /// Counts SIGINTs (one byte each on Python's wakeup descriptor, so none merge in a trap flag);
    /// after the first it waits a second for more, then prints the count.
    static let sigintCounter = """
        import os, signal, time
        r, w = os.pipe()
        os.set_blocking(w, False)
        signal.signal(signal.SIGINT, lambda signo, frame: None)
        signal.set_wakeup_fd(w)
        print(f"ready pid={os.getpid()}", flush=True)
        seen = []
        while signal.SIGINT not in seen:
            seen += list(os.read(r, 64))
        time.sleep(1)
        os.set_blocking(r, False)
        try:
            seen += list(os.read(r, 64))
        except BlockingIOError:
            pass
        print(f"sigints={seen.count(signal.SIGINT)}", flush=True)
        """
}
