import CPtyTestSupport
import Foundation
import LoadWrapTestSupport
import Testing

/// When loadwrap's stdout is a pipe, the terminal is shared with the other side of the pipe:
/// loadwrap is a guest there. At no moment does its spinner show anywhere but the cursor's row,
/// the pager at the end gets the keys and the terminal's modes, and the screen, the files and the
/// exit statuses are those of the bare pipeline.
@Suite struct PipelineTests {
    /// A producer that writes four lines, half a second apart.
    static let slowProducer = "sh -c 'for i in 1 2 3 4; do echo line$i; sleep 0.5; done'"

    /// The command at the pipe's end, as the shell reads it.
    struct Consumer: Sendable, CustomTestStringConvertible {
        let command: String
        var testDescription: String { "| \(command)" }
    }

    static let consumers = [
        Consumer(command: "cat"), Consumer(command: "grep --line-buffered line"),
        Consumer(command: "wc -l"), Consumer(command: "sort -r"),
    ]

    /// Runs `pipeline` bare and wrapped, each with `environment(wrapped)`, and checks what every
    /// pipeline test needs: both end as `status`, the spinner was drawn (when `spinnerMustShow`),
    /// no row but the cursor's ever showed anything the bare run does not show, and the final
    /// screens are equal. Returns the two runs for further checks.
    @discardableResult
    private func expectSharedLikeBare(
        _ pipeline: Pipeline, shell: String = "/bin/sh", status: Termination = .exited(0),
        spinnerMustShow: Bool = true, environment: (_ wrapped: Bool) -> [String: String?] = { _ in [:] }
    ) throws -> (bare: PtyRun, wrapped: PtyRun) {
        let bare = try PtySession.run([shell, "-c", pipeline.bare], environment: environment(false))
        let wrapped = try PtySession.run([shell, "-c", pipeline.wrapped], environment: environment(true))
        #expect(bare.termination == status, "the bare pipeline itself: \(Loadwrap.text(bare.output).debugDescription)")
        #expect(wrapped.termination == status)
        if spinnerMustShow {
            #expect(!Loadwrap.frames(in: wrapped.output).isEmpty, "the spinner never drew, so this proves nothing")
        }
        let expected = bare.screen().snapshot
        if let stray = Loadwrap.firstStrayRow(in: wrapped.output, allowed: Loadwrap.nonEmptyRows(expected)) {
            Issue.record("spinner remnant mid-run: \(stray)")
        }
        let actual = wrapped.screen().snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
        return (bare, wrapped)
    }

    // MARK: Consumers that print lines

    @Test("a consumer that prints to the terminal never shows a spinner remnant, mid-run or at the end", arguments: consumers)
    func consumerPrintsOnCleanLines(_ consumer: Consumer) throws {
        try expectSharedLikeBare(Pipeline { lw in "\(lw("-t gen --delay 0")) \(Self.slowProducer) | \(consumer.command)" })
    }

    @Test func teeWritesTheSameFileAndTheSameScreen() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try expectSharedLikeBare(Pipeline { lw in "\(lw("-t gen --delay 0")) \(Self.slowProducer) | tee \"$LOG\"" }) { wrapped in
            ["LOG": dir + (wrapped ? "/wrapped.log" : "/bare.log")]
        }
        let bareLog = FileManager.default.contents(atPath: dir + "/bare.log")
        let wrappedLog = FileManager.default.contents(atPath: dir + "/wrapped.log")
        #expect(bareLog == Data("line1\nline2\nline3\nline4\n".utf8))
        #expect(wrappedLog == bareLog, "\(String(decoding: wrappedLog ?? Data(), as: UTF8.self).debugDescription)")
    }

    /// `cat` prints a partial line as soon as it reads it: the spinner stays away from that line
    /// until the data ends it, rather than erase it.
    @Test func aPartialLineThroughTheConsumerIsNeverErased() throws {
        let producer = "sh -c 'echo one; sleep 0.5; printf partial; sleep 0.6; echo; echo two; sleep 0.5; printf end; sleep 0.6'"
        try expectSharedLikeBare(Pipeline { lw in "\(lw("-t gen --delay 0")) \(producer) | cat" })
    }

    /// Data that stops inside a sequence or a character reaches the terminal through `cat` in two
    /// writes; nothing of loadwrap's lands between them.
    @Test(arguments: 0..<SplitSequenceTests.splits.count)
    func aSequenceSplitInTheDataLeavesTheBareScreen(_ index: Int) throws {
        let (first, rest) = SplitSequenceTests.splits[index]
        let producer = "sh -c \"sleep 0.4; printf '\(first)'; sleep 0.4; printf '\(rest)'\""
        try expectSharedLikeBare(Pipeline { lw in "\(lw("-t gen --delay 0")) \(producer) | cat" })
    }

    /// The data hides the cursor and turns autowrap off, and `cat` prints that: both modes are
    /// the terminal's, so the spinner keeps them as the data left them, and so does its erase. The
    /// last line is wider than the screen: with autowrap off it stays on one row, as bare.
    @Test func cursorAndAutowrapSetThroughTheConsumerStayAsTheDataLeftThem() throws {
        let producer = #"sh -c "printf '\033[?25l\033[?7lone\n'; sleep 0.6; echo two; sleep 0.6; printf '%0100d\n' 0""#
        try expectSharedLikeBare(Pipeline { lw in "\(lw("-t gen --delay 0")) \(producer) | cat" })
    }

    @Test func headEndsTheProducerWithSIGPIPEAsBare() throws {
        // `yes` only ends when head's exit breaks its pipe; bash shows each side's status.
        let pipeline = Pipeline { lw in #"\#(lw("")) yes | head -1; echo "end ${PIPESTATUS[*]}""# }
        let (bare, wrapped) = try expectSharedLikeBare(pipeline, shell: "bash", spinnerMustShow: false)
        #expect(Loadwrap.text(bare.output) == "y\nend 141 0\n")
        #expect(Loadwrap.text(wrapped.output).contains("end 141 0"), "\(Loadwrap.text(wrapped.output).debugDescription)")
    }

    // MARK: A pager at the end

    /// What one run of the pager pipeline left: the bytes, the modes after it, and the terminal's
    /// modes while less showed its first page.
    private struct PagerRun {
        var output: [UInt8] = []
        var modesAfter = ""
        var modesUnderLess: TerminalModes?
    }

    /// Runs `script` (which writes its terminal's name to `$TTY`, waits for `$GO` before its
    /// producer ends, and runs `stty -a > "$MODES"` after less) as a user would: `G` while the
    /// producer still runs, then lets it end, waits for less to show the end, then `q`.
    private func runPager(_ script: String, in dir: String, name: String) throws -> PagerRun {
        let paths = ["TTY": "\(dir)/\(name).tty", "GO": "\(dir)/\(name).go", "MODES": "\(dir)/\(name).modes"]
        let session = try PtySession(
            Loadwrap.sh(script), environment: paths.merging(["LESS": "", "LESSHISTFILE": "-"]) { $1 })
        defer { session.terminate() }
        var run = PagerRun()
        let firstPage = session.waitFor { bytes in
            let screen = Loadwrap.screen(bytes)
            return screen.alternateScreen && screen.text(ofRow: 0) == "1" && screen.text(ofRow: 22) == "23"
        }
        #expect(firstPage, "\(name): less never showed its first page:\n\(Loadwrap.screen(session.output).snapshot)")
        let tty = (try? String(contentsOfFile: paths["TTY"]!, encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        run.modesUnderLess = tty.flatMap(TerminalModes.init(path:))
        // `G` on a pipe makes less read to its end: it clears its prompt row, then waits for EOF.
        session.send("G")
        #expect(session.waitFor { Loadwrap.screen($0).text(ofRow: 23) != ":" }, "\(name): less did not take the G")
        #expect(FileManager.default.createFile(atPath: paths["GO"]!, contents: nil))
        let end = session.waitFor { bytes in
            let screen = Loadwrap.screen(bytes)
            return screen.text(ofRow: 22) == "100" && screen.text(ofRow: 23) == "(END)"
        }
        #expect(end, "\(name): G never showed the end:\n\(Loadwrap.screen(session.output).snapshot)")
        session.send("q")
        #expect(session.waitForExit() == .exited(0), "\(name): q did not end less")
        run.output = session.output
        run.modesAfter = (try? String(contentsOfFile: paths["MODES"]!, encoding: .utf8)) ?? ""
        return run
    }

    @Test func aPagerAtTheEndGetsTheKeysAndTheTerminalAndLeavesTheBareScreen() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The producer ends only when the test says so: the keys surely reach less while loadwrap
        // runs. The default delay: less takes the terminal long before a spinner would show, and a
        // spinner already drawn when less starts could not be erased from the screen less saves.
        let producer = #"sh -c 'seq 100; while [ ! -e "$GO" ]; do sleep 0.1; done'"#
        let pipeline = Pipeline { lw in #"tty > "$TTY"; \#(lw("-t gen")) \#(producer) | less; stty -a > "$MODES""# }
        let bare = try runPager(pipeline.bare, in: dir, name: "bare")
        let wrapped = try runPager(pipeline.wrapped, in: dir, name: "wrapped")

        let underLess = (wrapped.modesUnderLess, bare.modesUnderLess)
        #expect(underLess.0 != nil && underLess.0 == underLess.1,
                "the terminal's modes under less: \(String(describing: underLess.0)), bare \(String(describing: underLess.1))")
        #expect(wrapped.modesAfter == bare.modesAfter && !bare.modesAfter.isEmpty,
                "modes after the pipeline:\n\(wrapped.modesAfter)\nbare:\n\(bare.modesAfter)")
        let modes = Loadwrap.sttyModes(wrapped.modesAfter)
        #expect(["icanon", "echo", "isig", "opost", "onlcr"].allSatisfy(modes.contains), "\(modes.sorted())")

        // Nothing of the spinner while less has the screen (from entering the alternate screen to leaving it).
        let text = String(decoding: wrapped.output, as: UTF8.self)
        if let enter = text.range(of: "\u{1B}[?1049h"), let leave = text.range(of: "\u{1B}[?1049l", options: .backwards),
           enter.upperBound <= leave.lowerBound {
            let underLess = String(text[enter.upperBound..<leave.lowerBound])
            #expect(Loadwrap.frames(in: Array(underLess.utf8)).isEmpty,
                    "spinner frames drawn over less: \(Loadwrap.frames(in: Array(underLess.utf8)).sorted())")
        } else {
            Issue.record("less never entered and left the alternate screen: \(text.suffix(300).debugDescription)")
        }

        let expected = Loadwrap.screen(bare.output).snapshot
        let actual = Loadwrap.screen(wrapped.output).snapshot
        #expect(actual.cursorVisible)
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }

    // MARK: Two loadwraps in one pipeline

    @Test func twoLoadwrapsInOnePipelineShowOneSpinnerWithBothTitles() throws {
        // The producer runs on until the test has looked, however late a loaded machine starts parse.
        let stop = "\(TestDirectory.make())/stop"
        let pipeline = Pipeline { lw in
            "\(lw("-t gen --delay 0")) sh -c 'echo line1; while [ ! -e \(stop) ]; do sleep 0.05; done; echo line2; echo line3'"
                + " | \(lw("-t parse --delay 0")) cat"
        }
        let session = try PtySession(Loadwrap.sh(pipeline.wrapped))
        defer { session.terminate() }
        let joined = session.waitFor { bytes in
            Loadwrap.spinnerRows(Loadwrap.screen(bytes)).contains { $0.contains("gen | parse") }
        }
        #expect(joined, "no spinner row showed 'gen | parse'; spinner rows drawn: \(Loadwrap.spinnerTexts(in: session.output))")
        FileManager.default.createFile(atPath: stop, contents: nil)
        #expect(session.waitForExit() == .exited(0))
        let wrapped = session.output
        #expect(Loadwrap.mostSpinnerRows(in: wrapped) <= 1, "two spinner rows on the screen at once")

        let bare = try PtySession.run(Loadwrap.sh(pipeline.bare))
        let expected = bare.screen().snapshot
        if let stray = Loadwrap.firstStrayRow(in: wrapped, allowed: Loadwrap.nonEmptyRows(expected)) {
            Issue.record("spinner remnant mid-run: \(stray)")
        }
        let actual = Loadwrap.screen(wrapped).snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }

    @Test func twoLoadwrapsInOnePipelineEachExitAsTheirCommand() throws {
        let pipeline = Pipeline { lw in
            #"\#(lw("-t gen --delay 0")) sh -c 'echo x; sleep 0.5; exit 3' | "#
                + #"\#(lw("-t parse --delay 0")) sh -c 'cat; exit 4'; echo "status ${PIPESTATUS[*]}""#
        }
        let (bare, wrapped) = try expectSharedLikeBare(pipeline, shell: "bash")
        #expect(Loadwrap.text(bare.output) == "x\nstatus 3 4\n")
        #expect(Loadwrap.text(wrapped.output).contains("status 3 4"), "\(Loadwrap.text(wrapped.output).debugDescription)")
    }

    // MARK: Job control

    /// The name of `pid`'s program, or "" once it is gone.
    private func command(of pid: pid_t) -> String {
        ProcessLookup.programName(of: pid)
    }

    @Test func controlCEndsTheWholePipelineAsBare() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let pidFile = dir + "/pid"
        let session = try PtySession.interactiveBash()
        defer { session.terminate() }
        let start = session.output.count
        session.send("\(TestEnvironment.loadwrap) --delay 0 -t gen -- sh -c 'echo $$ > \(pidFile); echo a; exec sleep 30' | cat\n")
        var pid: pid_t = 0
        #expect(Poll.until {
            let text = (try? String(contentsOfFile: pidFile, encoding: .utf8)) ?? ""
            pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            return pid > 0
        }, "the producer never started")
        // A ^C before the exec would find sh, which dies of it too; waiting makes the survivor check meaningful.
        #expect(Poll.until { command(of: pid) == "sleep" })
        let watch = ptyts_exit_watch(pid)
        defer { if watch >= 0 { close(watch) } }
        // On the screen, not only once: the key's echo must land on the spinner's line.
        #expect(session.waitFor { !Loadwrap.spinnerRows(Loadwrap.screen(Array($0))).isEmpty }, "no spinner before Ctrl-C")

        let beforeInterrupt = session.output.count
        session.send([0x03])
        #expect(session.waitForPrompt(after: beforeInterrupt),
                "no prompt after Ctrl-C: \(session.text(after: beforeInterrupt).debugDescription)")
        #expect(watch >= 0 && ptyts_exit_wait(watch, 20_000) == 1, "the producer (pid \(pid), \(command(of: pid))) survived Ctrl-C")
        let status = session.typeAtPrompt(#"echo "rc=$? ps=${PIPESTATUS[*]}""#) ?? ""
        #expect(status.contains("rc=130 ps=130 130"), "\(status.debugDescription)")
        let stty = session.typeAtPrompt("stty -a") ?? ""
        let modes = Loadwrap.sttyModes(stty)
        #expect(["icanon", "echo", "isig", "opost"].allSatisfy(modes.contains), "\(stty)")

        session.send("exit\n")
        _ = session.waitForExit()
        let screen = Loadwrap.screen(session.output)
        #expect(screen.cursorVisible, "the cursor was left hidden")
        #expect(Loadwrap.spinnerRows(screen).isEmpty, "spinner left on the screen:\n\(screen.snapshot)")
        // The terminal echoed ^C over the spinner's line, as bare it echoes it below `a`.
        #expect(screen.snapshot.text.contains("\na\n^C\n"), "the echoed ^C went with the spinner:\n\(screen.snapshot)")
    }

    /// Ctrl-Z once the spinner shows; returns when bash says the pipeline stopped and prompts.
    private func stopWithControlZ(_ session: PtySession) throws {
        // On the screen, not only once: the key's echo must land on the spinner's line.
        #expect(session.waitFor { !Loadwrap.spinnerRows(Loadwrap.screen(Array($0))).isEmpty }, "no spinner before Ctrl-Z")
        let beforeStop = session.output.count
        session.send([0x1A])
        try #require(session.waitFor { Loadwrap.text(Array($0.dropFirst(beforeStop))).contains("Stopped") },
                     "the pipeline did not stop: \(session.text(after: beforeStop).debugDescription)")
        #expect(session.waitForPrompt(after: beforeStop))
    }

    @Test func controlZStopsThePipelineAndFgResumesIt() throws {
        let session = try PtySession.interactiveBash()
        defer { session.terminate() }
        let start = session.output.count
        session.send("\(TestEnvironment.loadwrap) --delay 0 -t gen -- sh -c 'for i in 1 2 3 4 5 6; do echo line$i; sleep 0.5; done' | cat\n")
        // The typed line says `line$i`, never `line1`: this is the producer's output.
        #expect(session.waitFor { Loadwrap.text(Array($0.dropFirst(start))).contains("line1\n") }, "the producer never printed")
        try stopWithControlZ(session)
        let afterFg = session.output.count
        session.send("fg\n")
        try #require(session.waitFor { Loadwrap.text(Array($0.dropFirst(afterFg))).contains("line6\n") },
                     "fg did not resume the producer: \(session.text(after: afterFg).debugDescription)")
        #expect(session.waitForPrompt(after: afterFg), "no prompt after the resumed pipeline ended")
        // After `fg`, bash's PIPESTATUS holds one status (fg's): $? is what there is to compare.
        let status = session.typeAtPrompt(#"echo "rc=$?""#) ?? ""
        #expect(status.contains("rc=0"), "\(status.debugDescription)")
        session.send("exit\n")
        _ = session.waitForExit()

        let snapshot = Loadwrap.screen(session.output).snapshot
        let produced = snapshot.text.split(separator: "\n").filter { $0.starts(with: /line\d/) }
        #expect(produced == ["line1", "line2", "line3", "line4", "line5", "line6"], "\(snapshot)")
        #expect(snapshot.text.contains("\n^Z\n"), "the echoed ^Z went with the spinner:\n\(snapshot)")
        #expect(snapshot.text.firstMatch(of: /gen \d+s/) == nil, "spinner text left on the screen:\n\(snapshot)")
        #expect(Loadwrap.frames(in: Array(snapshot.text.utf8)).isEmpty, "spinner left on the screen:\n\(snapshot)")
        #expect(snapshot.cursorVisible)
    }

    /// A producer that stays quiet: after `fg` the spinner comes back on the line below the
    /// shell's `fg` echo, and the end leaves no trace of it.
    @Test func afterCtrlZAndFgTheSpinnerComesBack() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try PtySession.interactiveBash()
        defer { session.terminate() }
        session.send("\(TestEnvironment.loadwrap) --delay 0 -t gen -- sh -c 'echo a; while [ ! -e \(dir)/go ]; do sleep 0.1; done' | cat\n")
        try stopWithControlZ(session)
        session.send("fg\n")
        #expect(session.waitFor { !Loadwrap.spinnerRows(Loadwrap.screen(Array($0))).isEmpty },
                "no spinner after fg:\n\(Loadwrap.screen(session.output).snapshot)")
        let beforeEnd = session.output.count
        #expect(FileManager.default.createFile(atPath: dir + "/go", contents: nil))
        #expect(session.waitForPrompt(after: beforeEnd), "no prompt after the resumed pipeline ended")
        session.send("exit\n")
        _ = session.waitForExit()
        let screen = Loadwrap.screen(session.output)
        #expect(Loadwrap.spinnerRows(screen).isEmpty, "spinner left on the screen:\n\(screen.snapshot)")
        #expect(screen.cursorVisible)
    }

    /// A reader that does not read yet never stops loadwrap: the command's terminal output still
    /// shows (and Ctrl-C, Ctrl-Z would still be handled) while its data waits for room in the pipe.
    @Test func aReaderThatDoesNotReadNeverBlocksLoadwrap() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let go = dir + "/go"
        // 2 MB of data (from a process of its own, so the shell goes on) fills both pipes long
        // before the reader starts; the marker is computed, so the title cannot show it.
        let script = "\(TestEnvironment.loadwrap) --delay 0 -- sh -c '(seq 1 300000 &); sleep 0.5; echo ERR$((1+1))LINE >&2; sleep 0.3'"
            + " | (while [ ! -e \(go) ]; do sleep 0.1; done; cat > /dev/null)"
        let session = try PtySession(Loadwrap.sh(script))
        defer { session.terminate() }
        let shown = session.waitFor { Loadwrap.text(Array($0)).contains("ERR2LINE") }
        #expect(FileManager.default.createFile(atPath: go, contents: nil))
        #expect(shown, "the command's stderr did not show while the reader was not reading")
        #expect(session.waitForExit() == .exited(0))
    }

    // MARK: The command's own prompt

    @Test func aPasswordPromptOnTheTerminalStillWorks() throws {
        // Echo goes off before the prompt is shown (as readpassphrase(3) does), so the password can
        // be typed the moment the prompt shows without racing `stty -echo`.
        let prompt = #"sh -c 'stty -echo </dev/tty; printf "pw: " >/dev/tty; read x </dev/tty; stty echo </dev/tty; echo; echo got-$x'"#
        let pipeline = Pipeline { lw in "\(lw("-t pw")) \(prompt) | cat" }
        func run(_ script: String) throws -> [UInt8] {
            let session = try PtySession(Loadwrap.sh(script))
            defer { session.terminate() }
            #expect(session.waitForOutput(containing: "pw: "), "no prompt: \(session.outputText.debugDescription)")
            session.send("secret\n")
            #expect(session.waitForOutput(containing: "got-secret"),
                    "the password did not reach the command: \(session.outputText.debugDescription)")
            #expect(session.waitForExit() == .exited(0))
            return session.output
        }
        let bare = try run(pipeline.bare)
        let wrapped = try run(pipeline.wrapped)
        let shown = String(decoding: wrapped, as: UTF8.self).replacingOccurrences(of: "got-secret", with: "")
        #expect(!shown.contains("secret"), "the password was echoed: \(shown.debugDescription)")
        let expected = Loadwrap.screen(bare).snapshot
        let actual = Loadwrap.screen(wrapped).snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }
}
