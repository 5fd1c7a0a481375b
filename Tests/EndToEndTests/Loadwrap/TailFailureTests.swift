import Foundation
import LoadWrapTestSupport
import Testing

/// `--tail`'s failure path in tmux: whatever ends the command (an exit status after a block that
/// scrolled a full screen, `--timeout`, a SIGTERM), the block goes, the held output is written as
/// the command wrote it, colours included, and the end line follows. The oracle is the bare run
/// with that end line printed after it, compared cell by cell (`capture-pane -e`), scrollback and
/// cursor included; a capture mid-run first shows the output was held in the window, since
/// without `--tail` the final screen would be the same.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct TailFailureTests {
    /// Coloured lines (one colour runs on across a line feed), numbered lines, then the end.
    private static let colourful = #"""
        seq 2
        printf '\033[1;31merror: one\033[0m\n'
        printf '\033[33mwarn\nstill yellow\033[0m\n'
        printf '\033[42m ok \033[0m plain\n'
        """#

    @Test func aFailureAfterABlockThatScrolledAFullScreenLeavesTheBareScreenAndTheEndLine() throws {
        let terminal = try TmuxTerminal(cols: 60, rows: 12)
        let run = try Runs(terminal)
        defer { run.remove() }
        let command = try run.script("cmd", Self.colourful + "\n" + TailScreen.waitFor(run.stopFile) + " exit 3")
        try run.start(wrapped: "seq 20; \(TailScreen.loadwrap(tail: 4)) sh \(command)", bare: "seq 20; sh \(command)")
        let window = ["error: one", "warn", "still yellow", " ok  plain"]
        // On the bottom row of a full screen: the block scrolled the screen to grow.
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, window) && TailScreen.spinnerRows($0) == [11] },
                "\((try? terminal.visibleRows("run")) ?? [])")
        let coloured = try terminal.visibleRows("run", colours: true)
        // capture-pane -e states a colour where it changes: yellow runs on through row 9.
        #expect(coloured[7].contains("31m") && coloured[8].contains("33m") && coloured[10].hasPrefix("\u{1B}[39m")
                    && coloured[10].contains("42m"), "the window lost the colours: \(coloured)")
        run.stop()
        try run.expectBareScreenAndEndLine(status: 3, endLine: "✖ @work · exit 3 · ")
    }

    /// A status of three lines redrawn in place (`CUU 3`, as multi-line progress does) needs
    /// three rows bare, however many lines it writes: the block takes no more, so on the bottom of
    /// a full screen it scrolls no further than the bare run and the replay lands where the bare
    /// output did. Counting line feeds instead, the block grew to six rows and the screen ended
    /// three rows higher (found by `ScreenFuzzTests.tailLeaves…`).
    @Test func aStatusRedrawnInPlaceOnAFullScreenLeavesTheBareScreenAndTheEndLine() throws {
        let terminal = try TmuxTerminal(cols: 60, rows: 12)
        let run = try Runs(terminal)
        defer { run.remove() }
        let command = try run.script("cmd", #"""
            printf 'step 0 a\nstep 0 b\nstep 0 c\n'
            for i in 1 2 3 4 5; do
                printf '\033[3A\033[Kstep %s a\n\033[Kstep %s b\n\033[Kstep %s c\n' $i $i $i; sleep 0.05
            done
            """# + "\n" + TailScreen.waitFor(run.stopFile) + " exit 3")
        try run.start(wrapped: "seq 20; \(TailScreen.loadwrap()) sh \(command)", bare: "seq 20; sh \(command)")
        #expect(try terminal.waitFor("run") {
            TailScreen.showsWindow($0, ["step 5 a", "step 5 b", "step 5 c"]) && TailScreen.spinnerRows($0) == [11]
        }, "\((try? terminal.visibleRows("run")) ?? [])")
        run.stop()
        try run.expectBareScreenAndEndLine(status: 3, endLine: "✖ @work · exit 3 · ")
    }

    @Test func aTimeoutIsAFailureThatReplaysEverything() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let run = try Runs(terminal)
        defer { run.remove() }
        let command = try run.script("cmd", Self.colourful + "\nexec sleep 60")
        // Long enough to see the window first on a loaded machine; GNU timeout is the bare twin.
        try run.start(wrapped: "\(TailScreen.loadwrap(tail: 2, "--timeout 4")) sh \(command)", bare: "timeout 4 sh \(command)")
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, ["still yellow", " ok  plain"]) },
                "\((try? terminal.visibleRows("run")) ?? [])")
        try run.expectBareScreenAndEndLine(status: 124, endLine: "✖ @work · timed out after 4s")
    }

    @Test func deathBySIGTERMIsAFailureThatReplaysEverything() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let run = try Runs(terminal)
        defer { run.remove() }
        let command = try run.script("cmd", Self.colourful + "\necho $$ > \"$1\"\nexec sleep 60")
        // exec: the file's shell would print `Terminated` too.
        try run.start(wrapped: "exec \(TailScreen.loadwrap(tail: 2)) sh \(command) \(run.directory)/run.pid",
                      bare: "exec sh \(command) \(run.directory)/bare.pid")
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, ["still yellow", " ok  plain"]) },
                "\((try? terminal.visibleRows("run")) ?? [])")
        for name in ["run", "bare"] {
            let pid = Poll.until { Self.pid(run.directory, name) != nil } ? Self.pid(run.directory, name) : nil
            #expect(pid.map { kill($0, SIGTERM) } == 0, "\(name): no pid to kill")
        }
        try run.expectBareScreenAndEndLine(status: 128 + Int(SIGTERM), endLine: "✖ @work · killed by SIGTERM · ")
    }

    private static func pid(_ directory: String, _ name: String) -> pid_t? {
        (try? String(contentsOfFile: "\(directory)/\(name).pid", encoding: .utf8))
            .flatMap { $0.hasSuffix("\n") ? pid_t($0.dropLast()) : nil }
    }

    /// A wrapped run and its bare twin side by side in one tmux server. The bare one, once its
    /// command has ended, waits for the wrapped run's end line and prints it (`cat`, so the pty
    /// turns its `\n` into `\r\n` as loadwrap's own `\r\n`), then exits with the command's status.
    private struct Runs {
        let terminal: TmuxTerminal
        let directory: String
        var stopFile: String { "\(directory)/run.stop" }
        private var endFile: String { "\(directory)/end.txt" }

        init(_ terminal: TmuxTerminal) throws {
            self.terminal = terminal
            directory = TestDirectory.make()
        }

        func remove() { try? FileManager.default.removeItem(atPath: directory) }

        /// Writes `text` to `directory/name.sh`; returns its path.
        func script(_ name: String, _ text: String) throws -> String {
            let path = "\(directory)/\(name).sh"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return path
        }

        /// Starts window `run` with `wrapped` and window `bare` with `bare`, then the end line.
        /// Each runs from a file under a waiter that is not a shell: a shell that sees its child
        /// die of a signal prints `Terminated` (after loadwrap's end line, before the bare twin's).
        func start(wrapped: String, bare: String) throws {
            try terminal.start("run", script: Self.waiter + " sh " + (try script("run.cmd", wrapped)))
            let bareRun = Self.waiter + " sh " + (try script("bare.cmd", bare))
            try terminal.start("bare", script: "\(bareRun); s=$?; \(TailScreen.waitFor(endFile)) cat \(endFile); exit $s")
        }

        /// Runs its arguments and exits with their status, 128 + N for death by signal N, silently.
        private static let waiter =
            "python3 -c 'import subprocess, sys; r = subprocess.call(sys.argv[1:]); sys.exit(128 - r if r < 0 else r)'"

        func stop() { FileManager.default.createFile(atPath: stopFile, contents: nil) }

        /// Both exit `status`; the wrapped run's last ✖ row starts with `endLine`; with that row
        /// printed after it, the bare run's final screen is the wrapped run's.
        func expectBareScreenAndEndLine(status: Int, endLine: String) throws {
            #expect(terminal.waitForExit("run") == status)
            let line = try terminal.visibleRows("run", colours: true).last { $0.contains("✖") }
            let plain = try terminal.visibleRows("run").last { $0.contains("✖") }
            #expect(plain?.hasPrefix(endLine) == true, "end line \(plain ?? "none")")
            try ((line ?? "no end line") + "\n").write(toFile: endFile, atomically: true, encoding: .utf8)
            #expect(terminal.waitForExit("bare") == status)
            let (wrapped, bare) = (try terminal.finalScreen("run"), try terminal.finalScreen("bare"))
            #expect(wrapped == bare, "wrapped:\n\(wrapped)\nbare and end line:\n\(bare)")
        }
    }
}
