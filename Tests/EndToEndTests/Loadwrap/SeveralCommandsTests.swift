import Foundation
import LoadWrapTestSupport
import Testing

/// Several `-c` commands at once: loadwrap ends as the first of them to fail in time, `-j` makes
/// them take turns, `--fail-fast` ends the others and starts no more. The order of events is set
/// by files the commands wait on, never by sleeps: a command that must fail second waits until
/// the first one's inner loadwrap has been collected (`kill -0` holds for a zombie too).
@Suite struct SeveralCommandsTests {
    /// Runs loadwrap with `arguments` on a terminal (`$D` in them is a fresh directory) and returns
    /// how it ended, with the directory for a look afterwards.
    private func run(_ arguments: [String], timeout: Double = PtySession.defaultTimeout) throws -> (PtyRun, String) {
        let dir = TestDirectory.make()
        let run = try PtySession.run(
            Loadwrap.command(arguments.map { $0.replacingOccurrences(of: "$D", with: dir) }), timeout: timeout)
        return (run, dir)
    }

    /// A script that writes its inner loadwrap's pid to `$D/NAME.pid`, then exits with `code`.
    private func failing(_ name: String, _ code: Int) -> String {
        "echo $PPID > $D/\(name).tmp && mv $D/\(name).tmp $D/\(name).pid; exit \(code)"
    }

    /// A script that waits until the inner loadwrap `$D/NAME.pid` names has been collected, then
    /// exits with `code`.
    private func failingAfter(_ name: String, _ code: Int) -> String {
        "while [ ! -s $D/\(name).pid ]; do sleep 0.02; done;"
            + " while kill -0 $(cat $D/\(name).pid) 2>/dev/null; do sleep 0.02; done; exit \(code)"
    }

    @Test func allSucceedingIsZero() throws {
        let (run, _) = try self.run(["-c", "true", "-c", "exit 0", "-c", ":"])
        #expect(run.termination == .exited(0))
    }

    @Test func oneFailingGivesItsStatus() throws {
        let (run, _) = try self.run(["-c", "true", "-c", "exit 42", "-c", "true"])
        #expect(run.termination == .exited(42))
    }

    @Test func theFirstToFailInTimeWinsWhereverItWasGiven() throws {
        let (later, _) = try run(["-c", failingAfter("b", 5), "-c", failing("b", 7)])
        #expect(later.termination == .exited(7), "the second -c failed first")
        let (earlier, _) = try run(["-c", failing("a", 5), "-c", failingAfter("a", 7)])
        #expect(earlier.termination == .exited(5), "the first -c failed first")
    }

    @Test func aCommandNotFoundIs127() throws {
        let (run, _) = try self.run(["-c", "no-such-command-loadwrap-test", "-c", "true"])
        #expect(run.termination == .exited(127))
    }

    @Test func aNameStartingWithADashIsNoOptionOfTheInnerLoadwrap() throws {
        let (run, _) = try self.run(["--name=-n", "-c", "true", "-c", "exit 4"])
        #expect(run.termination == .exited(4))
    }

    @Test func quietShowsOnlyTheFailingCommandsOutput() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--quiet", "--name", "ok", "-c", "echo hidden-ok", "--name", "bad", "-c", "echo shown-fail; exit 3"]),
            environment: ["NO_COLOR": "1"])
        #expect(run.termination == .exited(3))
        let text = Loadwrap.text(run.output)
        #expect(text.contains("bad | shown-fail\n") && !text.contains("hidden-ok"), "\(text.debugDescription)")
    }

    /// `--tail` (or `LOADWRAP_TAIL`) holds each command's output only where it draws: in plain
    /// mode it changes no byte, and every command's output is in the log.
    @Test(arguments: [(["--tail=3"], [String: String?]()), ([], ["LOADWRAP_TAIL": "3"])])
    func tailInPlainModeHoldsNothing(arguments: [String], environment: [String: String?]) throws {
        // On stderr, the log: a stdout apart from it never passes through loadwrap.
        let commands = ["--name", "ok", "-c", "echo kept-ok >&2", "--name", "bad", "-c", "echo kept-bad >&2; exit 3"]
        let run = try PtySession.run(Loadwrap.command(arguments + commands), stdout: .pipe, stderr: .pipe,
                                     environment: environment)
        #expect(run.termination == .exited(3))
        let text = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        #expect(text.contains("kept-ok\n") && text.contains("kept-bad\n"), "\(text.debugDescription)")
    }

    @Test func aSignalDeathIsReraised() throws {
        let (run, _) = try self.run(["-c", "kill -TERM $$", "-c", "true"])
        #expect(run.termination == .signaled(SIGTERM))
    }

    @Test func failFastEndsTheOthersWithSigtermAndStartsNoMore() throws {
        // a runs until told; b fails once a runs; c would start only when one of them has ended.
        let a = "trap 'echo term > $D/a.term; exit 1' TERM; touch $D/a.started; sleep 60 & wait"
        let b = "while [ ! -e $D/a.started ]; do sleep 0.02; done; exit 3"
        let (run, dir) = try self.run(["--fail-fast", "--kill-after", "60s", "-j", "2", "-c", a, "-c", b, "-c", "touch $D/c.ran"])
        #expect(run.termination == .exited(3))
        #expect(FileManager.default.fileExists(atPath: "\(dir)/a.term"), "the other command got no SIGTERM")
        #expect(!FileManager.default.fileExists(atPath: "\(dir)/c.ran"), "a command not started yet ran")
    }

    /// A command whose inner loadwrap has not started it yet when another fails still gets its
    /// SIGTERM once it runs, and the run ends without waiting for `--kill-after`. Which comes
    /// first is the scheduler's choice: an immediate failure beat the other command's start in
    /// about one run of thirty before the runner waited for it (a run then lasted 60 s).
    @Test func failFastReachesACommandStillStarting() throws {
        for _ in 0..<30 {
            let (run, _) = try self.run(["--fail-fast", "--kill-after", "60s", "-c", "exit 3", "-c", "sleep 60"])
            #expect(run.termination == .exited(3))
        }
    }

    @Test func failFastKillsWhatIgnoresSigtermAfterKillAfter() throws {
        let a = "trap '' TERM; sleep 60 & echo $! > $D/a.sleep; wait"
        let b = "while [ ! -s $D/a.sleep ]; do sleep 0.02; done; exit 3"
        let (run, dir) = try self.run(["--fail-fast", "--kill-after", "0.2s", "-c", a, "-c", b], timeout: 40)
        #expect(run.termination == .exited(3))
        let sleeper = try #require(pid_t(String(decoding: FileManager.default.contents(atPath: "\(dir)/a.sleep") ?? Data(), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(Poll.until { kill(sleeper, 0) != 0 }, "the sleep the ignoring command started outlived loadwrap")
    }

    @Test func oneJobAtATimeNeverOverlaps() throws {
        let step = { (name: String) in "mkdir $D/lock || exit 9; echo \(name) >> $D/order; sleep 0.2; rmdir $D/lock" }
        let (run, dir) = try self.run(["-j", "1", "-c", step("a"), "-c", step("b"), "-c", step("c")])
        #expect(run.termination == .exited(0), "two commands ran at once")
        let order = String(decoding: FileManager.default.contents(atPath: "\(dir)/order") ?? Data(), as: UTF8.self)
        #expect(order == "a\nb\nc\n")
    }

    @Test func theWaitingShowInTheTitle() throws {
        let run = try PtySession.run(
            Loadwrap.command(["-t", "build", "-j", "1", "-c", "true", "-c", "true"]), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stderrText.contains("build, 1 waiting"), "\(run.stderrText)")
    }

    @Test(arguments: [["-c", "a", "--", "true"], ["-c", "a", "true"], ["--name", "n", "-c", "a", "--name", "m"],
                      ["-j", "0", "-c", "true", "-c", "true"]])
    func usageErrorsAre125AndOneLine(_ arguments: [String]) throws {
        let run = try PtySession.run(Loadwrap.command(arguments), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(125))
        let lines = run.stderrText.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].hasPrefix("Error: "), "\(run.stderrText)")
    }
}
