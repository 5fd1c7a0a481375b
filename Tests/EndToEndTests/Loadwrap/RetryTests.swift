import Foundation
import LoadWrapTestSupport
import Testing

/// `--retry`: a failed command runs again, each attempt with its own lines and group; the exit
/// status is the last attempt's; no attempt after Ctrl-C or a stop signal; input that cannot be
/// given again is refused before anything runs.
@Suite struct RetryTests {
    /// The shell that counts this run in the file `count` of the current directory, into `$c`.
    private static let countRun = #"c=$(cat count 2>/dev/null || echo 0); c=$((c+1)); echo $c > count; "#

    /// A command that fails until its `n`th run, counting runs in a file of its own.
    private static func flaky(succeedingOn n: Int, in directory: String) -> [String] {
        let script = Self.countRun + #"echo "run $c"; [ $c -ge "#
            + "\(n) ]"
        return ["sh", "-c", "cd '\(directory)' && \(script)"]
    }

    /// The lines with every elapsed time masked, also the one before a retry note.
    private static func masked(_ bytes: [UInt8]) -> [String] {
        Loadwrap.maskedLines(bytes).map { $0.replacing(#/ · \d+\.\ds · /#, with: " · T · ") }
    }

    private static func runs(in directory: String) -> String? {
        try? String(contentsOfFile: directory + "/count", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func failingTwiceThenSucceedingExitsZeroWithThreeGroups() throws {
        let directory = TestDirectory.make()
        let run = try PtySession.run(
            Loadwrap.command(["--retry", "3", "--retry-delay", "10ms", "--title", "fetch", "--"]
                + Self.flaky(succeedingOn: 3, in: directory)),
            environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.termination == .exited(0))
        #expect(Self.masked(run.output) == [
            "::group::▸ fetch", "run 1", "::endgroup::", "✖ fetch · exit 1 · T · retrying in 10ms (2/4)",
            "::group::▸ fetch (attempt 2/4)", "run 2", "::endgroup::",
            "✖ fetch (attempt 2/4) · exit 1 · T · retrying in 20ms (3/4)",
            "::group::▸ fetch (attempt 3/4)", "run 3", "::endgroup::", "✔ fetch (attempt 3/4) · T",
        ])
    }

    @Test func aCommandThatAlwaysFailsEndsWithTheLastAttemptsStatus() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--mode", "plain", "--retry", "2", "--retry-delay", "1ms", "--", "sh", "-c", "exit 7"]))
        #expect(run.termination == .exited(7))
        #expect(Self.masked(run.output).last == "✖ sh -c 'exit 7' (attempt 3/3) · exit 7 · T")
    }

    /// `--quiet` shows the failed attempts' output only when the last one fails too, all of it in order.
    @Test func quietShowsEveryAttemptsOutputOnlyWhenTheLastFails() throws {
        let failing = TestDirectory.make()
        let failed = try PtySession.run(
            Loadwrap.command(["--mode", "plain", "--quiet", "--retry", "1", "--retry-delay", "1ms", "--title", "t", "--"]
                + Self.flaky(succeedingOn: 9, in: failing)))
        #expect(failed.termination == .exited(1))
        #expect(Self.masked(failed.output) == [
            "▸ t", "✖ t · exit 1 · T · retrying in 1ms (2/2)", "▸ t (attempt 2/2)", "run 1", "run 2",
            "✖ t (attempt 2/2) · exit 1 · T",
        ])
        let recovering = TestDirectory.make()
        let recovered = try PtySession.run(
            Loadwrap.command(["--mode", "plain", "--quiet", "--retry", "1", "--retry-delay", "1ms", "--title", "t", "--"]
                + Self.flaky(succeedingOn: 2, in: recovering)))
        #expect(recovered.termination == .exited(0))
        #expect(!Loadwrap.text(recovered.output).contains("run "))
    }

    /// An early stop is a success for what was held before it: dropped then, it stays dropped, and
    /// a later attempt's failure replays only what was held after it, in every mode.
    @Test(arguments: ["plain", "silent", "overlay"])
    func outputDroppedByAnEarlyStopDoesNotComeBackWithALaterFailure(_ mode: String) throws {
        let directory = TestDirectory.make()
        let script = Self.countRun
            + #"if [ $c = 1 ]; then echo before-1; echo READY; echo after-1; else echo run-$c; fi; exit 1"#
        let run = try PtySession.run(
            Loadwrap.command(["--mode", mode, "--quiet", "--until", "READY", "--retry", "1", "--retry-delay", "1ms",
                              "--", "sh", "-c", "cd '\(directory)' && \(script)"]))
        #expect(run.termination == .exited(1))
        let lines = Loadwrap.maskedLines(run.output)
        #expect(!lines.contains("before-1") && !lines.contains("READY"))
        #expect(lines.filter { $0 == "run-2" }.count == 1)
    }

    /// A retry that cannot start (the command went away, a fork that fails) ends the run: what
    /// `--quiet` held of the attempts before it is a failed run's output, shown in every mode.
    @Test(arguments: ["plain", "silent", "overlay"])
    func quietShowsTheHeldOutputWhenARetryCannotStart(_ mode: String) throws {
        let directory = TestDirectory.make()
        let script = directory + "/once.sh"
        try "#!/bin/sh\necho output of attempt 1\nrm -f \"$0\"\nexit 3\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let run = try PtySession.run(
            Loadwrap.command(["--mode", mode, "--delay", "0", "--quiet", "--retry", "1", "--retry-delay", "1ms",
                              "--title", "t", "--", script]))
        #expect(run.termination == .exited(127))
        let text = Loadwrap.text(run.output)
        #expect(text.contains("output of attempt 1"))
        #expect(text.contains("Error: Command not found"))
        if let held = text.range(of: "output of attempt 1"), let error = text.range(of: "Error: Command not found") {
            #expect(held.lowerBound < error.lowerBound, "the held output comes before the reason")
        }
    }

    /// A retry whose stage cannot be set up (its pipes: here attempt 1 lowers loadwrap's descriptor
    /// limit with prlimit(1)) ends the run before any presenter exists: what `--quiet` held of
    /// attempt 1 still comes before the reason. Plain and silent mode: overlay mode needs
    /// descriptors to see attempt 1 end at all under so low a limit.
    @Test(.enabled(if: ProcessLookup.isLinux && ExternalTool.exists("prlimit"), "prlimit(1) of util-linux"),
          arguments: ["plain", "silent"])
    func quietShowsTheHeldOutputWhenARetrysStageCannotBeSetUp(_ mode: String) throws {
        let run = try PtySession.run(
            Loadwrap.command(["--mode", mode, "--delay", "0", "--quiet", "--retry", "1", "--retry-delay", "1ms",
                              "--title", "t", "--", "sh", "-c",
                              "echo output of attempt 1; prlimit --pid $PPID --nofile=3:3; exit 3"]))
        #expect(run.termination == .exited(125))
        let text = Loadwrap.text(run.output)
        let held = text.range(of: "output of attempt 1"), error = text.range(of: "Too many open files")
        #expect(held != nil && error != nil, "\(text)")
        if let held, let error { #expect(held.lowerBound < error.lowerBound, "the held output comes before the reason") }
    }

    /// Each attempt gets the whole `--timeout`; `--no-retry-after-timeout` stops after the first.
    @Test func aTimeoutAppliesToEachAttempt() throws {
        let command = ["--mode", "plain", "--timeout", "200ms", "--retry", "1", "--retry-delay", "1ms", "--", "sleep", "30"]
        let run = try PtySession.run(Loadwrap.command(command))
        #expect(run.termination == .exited(124))
        #expect(Self.masked(run.output).filter { $0.contains("timed out after") }.count == 2)
        let once = try PtySession.run(Loadwrap.command(["--no-retry-after-timeout"] + command))
        #expect(once.termination == .exited(124))
        #expect(Self.masked(once.output).filter { $0.contains("timed out") }.count == 1)
    }

    /// Ctrl-C while loadwrap waits for the next attempt ends it by SIGINT, as the shell must see.
    @Test func controlCDuringTheDelayEndsLoadwrapWithoutAnotherAttempt() throws {
        let directory = TestDirectory.make()
        let session = try PtySession(
            Loadwrap.command(["--retry", "2", "--retry-delay", "30s", "--title", "t", "--"]
                + Self.flaky(succeedingOn: 9, in: directory)))
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "retrying in 30s (2/3)"))
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
        #expect(Self.runs(in: directory) == "1")
    }

    /// The terminal echoes the Ctrl-C that stops the wait (`^C`, the keyboard given back): the
    /// held output replayed after it starts a line of its own, not glued to the echo.
    @Test func theHeldOutputAfterAnEchoedControlCStartsItsOwnLine() throws {
        let directory = TestDirectory.make()
        let session = try PtySession(
            Loadwrap.command(["--quiet", "--retry", "2", "--retry-delay", "30s", "--title", "t", "--"]
                + Self.flaky(succeedingOn: 9, in: directory)))
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "retrying in 30s (2/3)"))
        // The keyboard is given back just before the note shows: on a loaded machine the key could
        // otherwise come while the terminal is still raw, and no `^C` would be echoed.
        #expect(Poll.until { session.echoesKeys }, "the terminal never echoed keys again")
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
        let rows = Loadwrap.screen(session.output).snapshot.trimmedText.split(separator: "\n").map(String.init)
        #expect(rows.contains("^C") && rows.contains("run 1"), "\(rows) \(session.outputText.debugDescription)")
    }

    /// A stop while loadwrap waits for the next attempt still ends the run as a last failed attempt
    /// would: the held output, the end line, the annotation and the summary row, then the death.
    @Test(arguments: [SIGINT, SIGTERM])
    func aStopDuringTheDelayStillRunsTheEndStep(_ signo: Int32) throws {
        let directory = TestDirectory.make()
        let summary = directory + "/summary.md"
        try "".write(toFile: summary, atomically: true, encoding: .utf8)
        let session = try PtySession(
            Loadwrap.command(["--quiet", "--retry", "2", "--retry-delay", "30s", "--title", "t", "--"]
                + Self.flaky(succeedingOn: 9, in: directory)),
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary])
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "retrying in 30s (2/3)"))
        if signo == SIGINT { session.send("\u{03}") } else { session.kill(signo) }
        #expect(session.waitForExit() == .signaled(signo))
        // The terminal echoes Ctrl-C as `^C` where the cursor is.
        #expect(Self.masked(session.output).map { $0.replacing("^C", with: "") } == [
            "::group::▸ t", "::endgroup::", "✖ t · exit 1 · T · retrying in 30s (2/3)", "run 1", "✖ t · exit 1 · T",
            "::error title=loadwrap::✖ t · exit 1 · T",
        ])
        let rows = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n")
        #expect(rows.last?.replacing(/\d+\.\ds/, with: "T") == "| ✖ | t | T | exit 1 |")
        #expect(Self.runs(in: directory) == "1")
    }

    /// On a terminal the command has a pseudo-terminal of its own and Ctrl-C reaches it as a key,
    /// not as a signal to loadwrap; a command that catches it and exits is still not run again.
    @Test func controlCTypedToTheCommandInOverlayModeStopsTheRetries() throws {
        let directory = TestDirectory.make()
        let script = "cd '\(directory)'; " + Self.countRun
            + "if [ $c = 1 ]; then trap 'exit 3' INT; echo ready; while :; do sleep 0.05; done; fi; exit 3"
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--retry", "2", "--retry-delay", "1ms", "--title", "t", "--", "sh", "-c", script]))
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "ready"))
        session.send("\u{03}")
        #expect(session.waitForExit() == .exited(3))
        #expect(Self.runs(in: directory) == "1")
        #expect(!Loadwrap.frames(in: session.output).isEmpty, "the spinner never drew: not overlay mode")
    }

    /// Ctrl-C counts as a stop only while the command's own terminal makes it one, by the modes it
    /// has when the key is typed: an interrupt key moved elsewhere (`stty intr ^X`), signals off
    /// (`stty -isig`) or raw mode (an editor, ssh) make it an ordinary key, and a command that then
    /// fails is run again.
    @Test(arguments: ["stty intr ^X", "stty -isig", "stty raw -echo"])
    func controlCThatTheCommandsTerminalDoesNotTurnIntoASignalLeavesTheRetries(_ modes: String) throws {
        let directory = TestDirectory.make()
        let script = "cd '\(directory)'; " + Self.countRun
            + "if [ $c = 1 ]; then \(modes); echo ready; dd bs=1 count=1 >/dev/null 2>&1; stty sane; exit 3; fi; exit 0"
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--retry", "2", "--retry-delay", "1ms", "--title", "t", "--", "sh", "-c", script]))
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "ready"))
        session.send("\u{03}\r")  // the line's end, for a terminal still in canonical mode
        #expect(session.waitForExit() == .exited(0))
        #expect(Self.runs(in: directory) == "2")
        #expect(!Loadwrap.frames(in: session.output).isEmpty, "the spinner never drew: not overlay mode")
    }

    /// Ctrl-Z while loadwrap waits for the next attempt stops it as a job, with the terminal's own
    /// modes back for the shell; `fg` finishes the wait and runs the next attempt. No stop: the
    /// retries go on.
    @Test func controlZDuringTheDelayStopsTheJobAndFgGoesOn() throws {
        let directory = TestDirectory.make()
        let session = try PtySession.interactiveBash()
        defer { session.terminate() }
        let script = Self.countRun + "[ $c -ge 2 ]"
        session.send("cd '\(directory)' && \(TestEnvironment.loadwrap) --delay 0 --retry 1 --retry-delay 2s -t t -- sh -c '\(script)'\n")
        #expect(session.waitForOutput(containing: "retrying in 2s (2/2)"))
        let beforeStop = session.output.count
        session.send([0x1A])
        try #require(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeStop))).contains("Stopped") },
                     "loadwrap did not stop: \(session.text(after: beforeStop).debugDescription)")
        #expect(session.waitForPrompt(after: beforeStop))
        let modes = Loadwrap.sttyModes(session.typeAtPrompt("stty -a") ?? "")
        #expect(modes.isSuperset(of: ["icanon", "echo", "isig", "opost"]), "\(modes)")
        let afterFg = session.output.count
        session.send("fg\n")
        #expect(session.waitForPrompt(after: afterFg), "no prompt after the resumed run ended")
        let status = session.typeAtPrompt(#"echo "rc=$?""#) ?? ""
        #expect(status.contains("rc=0"), "\(status.debugDescription)")
        #expect(Self.runs(in: directory) == "2")
        session.send("exit\n")
        _ = session.waitForExit()
    }

    /// A stop signal to loadwrap while the command runs: no further attempt.
    @Test func sigtermWhileTheCommandRunsStopsTheRetries() throws {
        let directory = TestDirectory.make()
        let session = try PtySession(
            Loadwrap.command(["--mode", "plain", "--retry", "2", "--retry-delay", "1ms", "--title", "t", "--", "sh", "-c",
                              "cd '\(directory)' && echo 1 >> count && echo started && exec sleep 30"]))
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "started"))
        session.kill(SIGTERM)
        #expect(session.waitForExit() == .signaled(SIGTERM))
        #expect(Self.runs(in: directory) == "1")
    }

    /// An attempt reads its input: a pipe cannot give a retry the same again, so it is refused.
    @Test func stdinFromAPipeIsRefusedBeforeAnythingRuns() throws {
        let directory = TestDirectory.make()
        let session = try PtySession(
            Loadwrap.command(["--retry", "1", "--", "sh", "-c", "cd '\(directory)' && echo ran > count"]), stdin: .pipe)
        defer { session.terminate() }
        #expect(session.waitForExit() == .exited(125))
        #expect(Loadwrap.text(session.output).contains("Error: '--retry' cannot give a retry the input"))
        #expect(Self.runs(in: directory) == nil)
    }

    /// A pipe whose writer has gone, as a CI runner gives a step, holds nothing to give again: accepted.
    @Test func stdinFromAClosedEmptyPipeIsAccepted() throws {
        let directory = TestDirectory.make()
        // The writing end is closed before loadwrap starts, so nothing races with its check.
        let start = "import os, sys; r, w = os.pipe(); os.close(w); os.dup2(r, 0); os.execv(sys.argv[1], sys.argv[1:])"
        let run = try PtySession.run(
            ["python3", "-c", start, TestEnvironment.loadwrap, "--mode", "plain", "--retry", "1", "--retry-delay", "1ms",
             "--title", "t", "--"] + Self.flaky(succeedingOn: 2, in: directory))
        #expect(run.termination == .exited(0))
        #expect(Self.runs(in: directory) == "2")
    }

    /// A file is given again from where the first attempt started reading.
    @Test func stdinFromAFileIsReadAgainByEachAttempt() throws {
        let directory = TestDirectory.make()
        try "skipped\nline\n".write(toFile: directory + "/input", atomically: true, encoding: .utf8)
        // The shell reads the first line itself: the attempts start after it, each one there.
        let script = "{ read skipped; exec '\(TestEnvironment.loadwrap)' --mode plain --retry 1 --retry-delay 1ms"
            + " --title t -- sh -c 'cat; exit 1'; } < '\(directory)/input'"
        let run = try PtySession.run(["sh", "-c", script])
        #expect(run.termination == .exited(1))
        #expect(Self.masked(run.output) == [
            "▸ t", "line", "✖ t · exit 1 · T · retrying in 1ms (2/2)", "▸ t (attempt 2/2)", "line", "✖ t (attempt 2/2) · exit 1 · T",
        ])
    }
}
