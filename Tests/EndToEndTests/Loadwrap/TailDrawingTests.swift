import Foundation
import LoadWrapTestSupport
import Testing

/// How the `--tail` block is drawn in tmux while the command runs: rows cut by display width,
/// one window however deep loadwrap is nested, gone while the job is stopped and back after
/// `fg`, and no trace of it after a storm of resizes while lines flow.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct TailDrawingTests {
    @Test func rowsAreCutByDisplayWidthAndNeverWrap() throws {
        let terminal = try TmuxTerminal(cols: 50, rows: 12)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wide = String(repeating: "日", count: 15), emoji = String(repeating: "🙂", count: 20)
        let combining = String(repeating: "e\u{301}", count: 30), long = String(repeating: "x", count: 200)
        let command = "\(directory)/cmd.sh"
        try "printf '%s\\n' ab\(wide) \(emoji) \(combining) \(long) end\n\(TailScreen.waitFor("\(directory)/run.stop"))"
            .write(toFile: command, atomically: true, encoding: .utf8)
        try terminal.start("run", script: "\(TailScreen.loadwrap(tail: 5)) sh \(command)")
        // Half of 50 columns: a wide character that would straddle column 25 is left out whole.
        let rows = ["ab" + String(repeating: "日", count: 11), String(repeating: "🙂", count: 12),
                    String(repeating: "e\u{301}", count: 25), String(repeating: "x", count: 25), "end"]
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, rows) }, "\((try? terminal.visibleRows("run")) ?? [])")
        TailScreen.stop(directory, "run")
        #expect(terminal.waitForExit("run") == 0)
        #expect(try terminal.visibleRows("run").allSatisfy(\.isEmpty))
    }

    @Test func aNestedTailDrawsOneWindow() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try terminal.start("before", script: "echo before")
        let inner = "\(TestEnvironment.loadwrap) --tail=2 --delay 0 --title @nest -- "
        try terminal.start("run", script: "echo before; \(TailScreen.loadwrap(tail: 3)) \(inner)"
            + TailScreen.command(lines: 10, stop: "\(directory)/run.stop"))
        // The outer window's three lines, one spinner row that names both titles: an inner
        // window would show two lines, or a second spinner row.
        #expect(try terminal.waitFor("run") { rows in
            TailScreen.showsWindow(rows, ["line 8", "line 9", "line 10"])
                && TailScreen.spinnerRows(rows, marker: "@nest") == TailScreen.spinnerRows(rows)
        }, "\((try? terminal.visibleRows("run")) ?? [])")
        TailScreen.stop(directory, "run")
        #expect(terminal.waitForExit("run") == 0 && terminal.waitForExit("before") == 0)
        let (wrapped, before) = (try terminal.finalScreen("run"), try terminal.finalScreen("before"))
        #expect(wrapped == before, "wrapped:\n\(wrapped)\nbefore:\n\(before)")
    }

    @Test func controlZErasesTheBlockAndFgDrawsItAgain() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wrapped = "\(TailScreen.loadwrap(tail: 3)) \(TailScreen.command(lines: 10, stop: "\(directory)/run.stop"))"
        try JobShell.start(terminal, "run", job: "exec \(wrapped)", in: directory)
        // The bare job notes its start: a Ctrl-Z before bash has given it the terminal stops no one.
        let bareStarted = "\(directory)/bare.started"
        try JobShell.start(terminal, "bare", job: "exec sh -c ': > \(bareStarted); \(TailScreen.waitFor("\(directory)/bare.stop"))'",
                           in: directory)
        for name in ["bare", "run"] {
            try terminal.sendKeys(name, "./job", "Enter")
            if name == "run" { #expect(try terminal.waitFor(name) { TailScreen.showsWindow($0, ["line 8", "line 9", "line 10"]) }) }
            if name == "bare" { try #require(Poll.until { access(bareStarted, F_OK) == 0 }, "the bare job did not start") }
            try terminal.sendKeys(name, "C-z")
            #expect(try terminal.waitFor(name) { rows in
                rows.contains { $0.contains("Stopped") } && !rows.contains { $0.hasPrefix("line ") || $0.contains("@work") }
            }, "\(name): the job did not stop, or the block stayed: \((try? terminal.visibleRows(name)) ?? [])")
            try terminal.sendKeys(name, "fg", "Enter")
            #expect(try terminal.waitFor(name) { rows in
                rows.contains("./job") && (name == "bare" || TailScreen.showsWindow(rows, ["line 8", "line 9", "line 10"]))
            }, "\(name): not resumed, or no block after fg: \((try? terminal.visibleRows(name)) ?? [])")
            TailScreen.stop(directory, name)
            #expect(try terminal.waitFor(name) { $0.filter { $0 == "$" }.count == 1 && $0.contains("$ fg") })
        }
        let (run, bare) = (try terminal.finalScreen("run"), try terminal.finalScreen("bare"))
        #expect(run == bare, "wrapped:\n\(run)\nbare:\n\(bare)")
    }

    @Test func aResizeStormWhileLinesFlowLeavesNoTrace() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let flow = "sh -c 'i=0; while [ ! -e \(directory)/run.stop ]; do i=$((i+1)); printf \"line %s %070d\\n\" $i $i; sleep 0.02; done'"
        var screens: [TmuxTerminal.FinalScreen] = []
        for name in ["before", "run"] {
            let run = name == "run" ? "\(TailScreen.loadwrap()) \(flow)" : TailScreen.waitFor("\(directory)/before.stop")
            // A line wider than the screen, which tmux rewraps at every width, then short ones.
            try terminal.start(name, script: "printf '%0100d\\n' 0; seq 5; \(run)")
            if name == "run" { #expect(try terminal.waitFor(name) { TailScreen.spinnerRows($0).count == 1 }) }
            for (cols, rows) in Self.storm {
                try terminal.resize(name, cols: cols, rows: rows)
                usleep(30_000)  // about a third of a frame: frames fall between resizes at varying points
            }
            try terminal.resize(name, cols: 80, rows: 24)
            if name == "run" {
                #expect(try terminal.waitFor(name) { TailScreen.spinnerRows($0) == [13] && $0.count >= 24 },
                        "\((try? terminal.visibleRows(name)) ?? [])")
            }
            TailScreen.stop(directory, name)
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "before:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    /// Forty sizes, narrower and wider, shorter and taller: between 50 and 100 columns, so no
    /// narrowing goes below half the width of any earlier draw (the bound that reflow allows,
    /// docs/design.md); between 10 and 30 rows, where below 14 the block meets the bottom and
    /// scrolls the text, but a screen never gets shorter than the block (docs/tail.md, limits).
    static let storm: [(Int, Int)] = {
        var random = SplitMix64(seed: 24)
        return (0..<40).map { _ in (50 + Int(random.next() % 51), 10 + Int(random.next() % 21)) }
    }()
}
