import Foundation
import LoadWrapTestSupport
import Testing

/// `--tail` in a terminal that reflows (tmux): while the command runs the spinner shows with
/// exactly its last lines above it; a success leaves the screen as it was before the run, a
/// failure as the bare run leaves it; the window gives way to a pager and a password prompt,
/// survives resizes, and leaves the data of a pipeline alone. `--log` gets every byte.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct TailTests {
    private static let loadwrap = TestEnvironment.loadwrap

    @Test func midRunTheLastLinesThenASuccessLeavesTheScreenAsBefore() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try terminal.start("before", script: "echo before")
        #expect(terminal.waitForExit("before") == 0)
        let stop = "\(directory)/run.stop"
        try terminal.start("run", script: "echo before; \(Self.loadwrap) --tail=3 --delay 0 --title @work -- \(TailScreen.command(lines: 10, stop: stop))")
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, ["line 8", "line 9", "line 10"]) }, "\((try? terminal.visibleRows("run")) ?? [])")
        TailScreen.stop(directory, "run")
        #expect(terminal.waitForExit("run") == 0)
        let (runScreen, beforeScreen) = (try terminal.finalScreen("run"), try terminal.finalScreen("before"))
        #expect(runScreen == beforeScreen, "\(runScreen)\n\(beforeScreen)")
    }

    @Test func aFailureLeavesTheBareRunsScreenAndTheEndLine() throws {
        let terminal = try TmuxTerminal(cols: 60, rows: 12)
        let script = "printf '\\033[31mred\\033[0m\\t日本語\\n'; seq 30; printf '10%%\\r50%%\\r'; exit 3"
        try terminal.start("bare", script: "sh -c \"\(script)\"")
        try terminal.start("run", script: "\(Self.loadwrap) --tail --result=never -- sh -c \"\(script)\"")
        try terminal.start("ended", script: "\(Self.loadwrap) --tail --title build -- sh -c \"\(script)\"")
        #expect(terminal.waitForExit("bare") == 3 && terminal.waitForExit("run") == 3 && terminal.waitForExit("ended") == 3)
        let (runScreen, bareScreen) = (try terminal.finalScreen("run"), try terminal.finalScreen("bare"))
        #expect(runScreen == bareScreen, "\(runScreen)\n\(bareScreen)")
        let rows = try terminal.visibleRows("ended").filter { !$0.isEmpty }
        #expect(rows.last?.hasPrefix("✖ build · exit 3 · ") == true, "\(rows)")
    }

    @Test func progressWideLinesAndColoursShowAsTheTerminalWouldInHalfTheWidth() throws {
        let terminal = try TmuxTerminal(cols: 40, rows: 12)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stop = "\(directory)/run.stop"
        let script = "printf '\\033[32mgreen\\033[0m\\n'; printf '日本語日本語日本語日本語\\n'; printf ' 10%%\\r 50%%\\r100%%';"
            + " while [ ! -e \(stop) ]; do sleep 0.05; done"
        try terminal.start("run", script: "\(Self.loadwrap) --tail --delay 0 --title @work -- sh -c \"\(script)\"")
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, ["green", "日本語日本語日本語日", "100%"]) }, "\((try? terminal.visibleRows("run")) ?? [])")
        TailScreen.stop(directory, "run")
        #expect(terminal.waitForExit("run") == 0)
        #expect(try terminal.visibleRows("run").allSatisfy(\.isEmpty))
    }

    @Test func resizesWithReflowLeaveNoTrace() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sizes = [(60, 20), (80, 24), (40, 24), (80, 10), (100, 30), (80, 24)]
        var screens: [TmuxTerminal.FinalScreen] = []
        for wrapped in [false, true] {
            let name = wrapped ? "run" : "before"
            let stop = "\(directory)/\(name).stop"
            let run = wrapped ? "\(Self.loadwrap) --tail --delay 0 --title @work -- \(TailScreen.command(lines: 20, stop: stop))"
                : "while [ ! -e \(stop) ]; do sleep 0.05; done"
            try terminal.start(name, script: "seq 5; \(run)")
            if wrapped { #expect(try terminal.waitFor(name) { TailScreen.showsWindow($0, (15...20).map { "line \($0)" }) }) }
            for (cols, rows) in sizes {
                try terminal.resize(name, cols: cols, rows: rows)
                let limit = min(6, rows - 3)
                let lines = (21 - limit...20).map { "line \($0)" }
                if wrapped { #expect(try terminal.waitFor(name) { TailScreen.showsWindow($0, lines) && $0.count >= rows }, "\(cols)x\(rows)") }
            }
            TailScreen.stop(directory, name)
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "before:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    @Test func aPagerMidRunGetsTheTerminalAndTheHeldLinesShow() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let script = "seq 3; seq 100 | less; echo after"
        var screens: [TmuxTerminal.FinalScreen] = []
        for (name, prefix) in [("bare", ""), ("run", "\(Self.loadwrap) --tail --delay 0 --title @work -- ")] {
            try terminal.start(name, script: "\(prefix)sh -c '\(script)'")
            #expect(try terminal.waitFor(name) { $0.first == "1" && $0.contains("2") && $0.contains("23") })
            try terminal.sendKeys(name, "q")
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    @Test func aPasswordPromptGetsTheTerminal() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let script = "echo start; printf \"Password: \"; stty -echo; read x; stty echo; echo; echo \"got $x\""
        var screens: [TmuxTerminal.FinalScreen] = []
        for (name, prefix) in [("bare", ""), ("run", "\(Self.loadwrap) --tail --delay 0 --title @work -- ")] {
            try terminal.start(name, script: "\(prefix)sh -c '\(script)'")
            #expect(try terminal.waitFor(name) { $0.contains("Password:") && TailScreen.spinnerRows($0).isEmpty })
            try terminal.sendKeys(name, "secret", "Enter")
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    @Test func inAPipelineOnlyTheTerminalOutputIsTailed() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        try terminal.start("bare", script: "seq 5 | cat")
        try terminal.start("run", script: "\(Self.loadwrap) --tail --delay 0 -- sh -c 'seq 5; echo err >&2; sleep 0.5' | cat")
        #expect(terminal.waitForExit("bare") == 0 && terminal.waitForExit("run") == 0)
        let (runScreen, bareScreen) = (try terminal.finalScreen("run"), try terminal.finalScreen("bare"))
        #expect(runScreen == bareScreen, "\(runScreen)\n\(bareScreen)")
    }

    @Test func ctrlCIsAFailureThatShowsEverything() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        try terminal.start("run", script: "\(Self.loadwrap) --tail=2 --delay 0 --title @work -- sh -c 'seq 5; sleep 30'")
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, ["4", "5"]) })
        try terminal.sendKeys("run", "C-c")
        #expect(terminal.waitForExit("run") == 130)
        let rows = try terminal.visibleRows("run")
        #expect(Array(rows.prefix(6)) == ["1", "2", "3", "4", "5", "^C"], "\(rows)")
        #expect(rows[6].hasPrefix("✖ @work · killed by SIGINT · ") && TailScreen.spinnerRows(rows) == [6], "\(rows)")
    }

    /// 100 MiB of lines through `--tail`: the log has every byte (as the pty turned them into
    /// `\r\n`) and memory stays flat: the peak with 100 MiB is within 4 MiB of the peak with
    /// 10 MiB, both past the 4 MiB held in memory, so holding spilled to its file in both.
    @Test(.timeLimit(.minutes(5)))
    func theLogGetsEveryByteOfALargeOutputInFlatMemory() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let small = try Self.peakKiB(lines: 1_500_000, directory)
        let large = try Self.peakKiB(lines: 13_000_000, directory)
        let size = (try? FileManager.default.attributesOfItem(atPath: "\(directory)/log")[.size] as? Int) ?? 0
        #expect(size >= 100 << 20, "\(size) bytes is not 100 MiB")
        #expect(small > 0 && large - small < 4096, "peak \(large) KiB with 100 MiB, \(small) KiB with 10 MiB")
    }

    /// Runs `loadwrap --tail --log` on `seq lines` under GNU time; checks the log against seq's
    /// output with every `\n` as `\r\n` (cmp, byte for byte); returns the peak RSS in KiB.
    private static func peakKiB(lines: Int, _ directory: String) throws -> Int {
        let (log, rss) = ("\(directory)/log", "\(directory)/rss")
        let run = try PtySession.run(
            ["/usr/bin/time", "-f", "%M", "-o", rss, TestEnvironment.loadwrap, "--tail", "--log", log, "--", "seq", "\(lines)"],
            timeout: 120)
        #expect(run.termination == .exited(0))
        let compare = try PtySession.run(["sh", "-c", "seq \(lines) | sed 's/$/\\r/' | cmp - \(log)"], timeout: 120)
        #expect(compare.termination == .exited(0), "\(lines) lines: \(Loadwrap.text(compare.output))")
        let text = (try? String(contentsOfFile: rss, encoding: .utf8)) ?? ""
        return Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    @Test func anUnwritableLogStopsTheRunBeforeTheCommandStarts() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let run = try PtySession.run(
            [TestEnvironment.loadwrap, "--log", "\(directory)/missing/log", "--", "touch", "\(directory)/ran"])
        #expect(run.termination == .exited(125))
        #expect(Loadwrap.text(run.output).contains("Error: Cannot write the log '\(directory)/missing/log': No such file or directory."))
        #expect(!FileManager.default.fileExists(atPath: "\(directory)/ran"))
    }
}
