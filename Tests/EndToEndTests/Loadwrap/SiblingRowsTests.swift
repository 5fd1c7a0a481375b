import Foundation
import LoadWrapTestSupport
import Testing

/// Several loadwraps at once under one outer loadwrap, in tmux: `make -j4` whose four steps run
/// loadwrap shows four rows under the line while they run and leaves the bare run's screen; forty
/// at once on 24 rows never take more than a third of them; resizes and Ctrl-Z/`fg` in the middle
/// leave nothing behind. Every step prints in an order the test fixes (each waits on files the one
/// before it makes), so the bare run's screen is the same every time.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct SiblingRowsTests {
    /// A Makefile of four steps, `a` to `d`, each `$(WRAP) sh step.sh NAME BEFORE`, in `directory`:
    /// each prints `NAME 1` after the step before it did, waits for `stop`, then prints `NAME 2`
    /// in the same order.
    private static func makeProject(in directory: String) throws {
        let wait = { (file: String) in "while [ ! -e \(file) ]; do sleep 0.02; done" }
        let step = """
            n=$1; before=$2
            [ -z "$before" ] || \(wait("$before.1"))
            echo "$n 1"; touch $n.1
            \(wait("stop"))
            [ -z "$before" ] || \(wait("$before.2"))
            echo "$n 2"; touch $n.2

            """
        let makefile = "BEFORE_b = a\nBEFORE_c = b\nBEFORE_d = c\nall: a b c d\na b c d:\n\t@$(WRAP) sh step.sh $@ $(BEFORE_$@)\n"
        try step.write(toFile: "\(directory)/step.sh", atomically: true, encoding: .utf8)
        try makefile.write(toFile: "\(directory)/Makefile", atomically: true, encoding: .utf8)
    }

    /// `make -j4`, each step wrapped in loadwrap titled `@step-NAME` when `wrapped`.
    private static func make(wrapped: Bool) -> String {
        guard wrapped else { return "make -s -j4" }
        return "\(TestEnvironment.loadwrap) --delay 0 -t @build -- make -s -j4 'WRAP=\(TestEnvironment.loadwrap) --delay 0 -t @step-$@ --'"
    }

    /// True when the line `@build` shows with exactly the four steps' rows right under it.
    private static func showsFourRows(_ rows: [String]) -> Bool {
        guard let line = rows.firstIndex(where: { $0.contains("@build") }), line + 4 < rows.count else { return false }
        let under = rows[(line + 1)...(line + 4)]
        let steps = ["a", "b", "c", "d"].map { "@step-\($0)" }
        return under.allSatisfy { $0.hasPrefix("  ") } && steps.allSatisfy { step in under.contains { $0.contains(step) } }
            && !rows[(line + 5)...].contains { !$0.isEmpty }
    }

    @Test func makeJ4ShowsFourRowsWhileItRunsAndLeavesTheBareScreen() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 30)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var screens: [TmuxTerminal.FinalScreen] = []
        for name in ["bare", "run"] {
            let home = "\(directory)/\(name)"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            try Self.makeProject(in: home)
            try terminal.start(name, script: "cd \(home) && echo before && \(Self.make(wrapped: name == "run"))")
            #expect(try terminal.waitFor(name) { rows in
                rows.contains("d 1") && (name == "bare" || Self.showsFourRows(rows))
            }, "\(name): \((try? terminal.visibleRows(name)) ?? [])")
            if name == "run" {
                // The rows are under the output, not over it.
                let rows = try terminal.visibleRows(name)
                #expect(Array(rows.prefix(5)) == ["before", "a 1", "b 1", "c 1", "d 1"], "\(rows)")
            }
            FileManager.default.createFile(atPath: "\(home)/stop", contents: nil)
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    @Test func fortyAtOnceTakeAThirdOfTwentyFourRows() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var screens: [TmuxTerminal.FinalScreen] = []
        for name in ["bare", "run"] {
            let wait = "while [ ! -e \(directory)/\(name).stop ]; do sleep 0.1; done"
            let job = name == "run" ? "\(TestEnvironment.loadwrap) --delay 0 -t @job-{} -- sh -c '\(wait)'" : "sh -c '\(wait)'"
            let outer = name == "run" ? "\(TestEnvironment.loadwrap) --delay 0 -t @many -- " : ""
            try terminal.start(name, script: "echo before; seq 40 | \(outer)xargs -P40 -I{} \(job)")
            if name == "run" {
                #expect(try terminal.waitFor(name) { $0.contains("  +34 more") }, "\((try? terminal.visibleRows(name)) ?? [])")
                let rows = try terminal.visibleRows(name)
                let line = try #require(rows.firstIndex { $0.contains("@many") })
                // Line, six rows and the `+34 more` row: eight of the 24, a third.
                #expect(rows[(line + 1)...(line + 6)].allSatisfy { $0.hasPrefix("  ") && $0.contains("@job-") }, "\(rows)")
                #expect(rows[line + 7] == "  +34 more" && !rows[(line + 8)...].contains { !$0.isEmpty }, "\(rows)")
            }
            FileManager.default.createFile(atPath: "\(directory)/\(name).stop", contents: nil)
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    @Test func resizesAndControlZMidRunLeaveNothingBehind() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 36)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var screens: [TmuxTerminal.FinalScreen] = []
        for name in ["bare", "run"] {
            try JobShell.start(terminal, name, job: "exec \(Self.make(wrapped: name == "run"))", in: directory)
            try Self.makeProject(in: "\(directory)/\(name)")
            try terminal.sendKeys(name, "./job", "Enter")
            #expect(try terminal.waitFor(name) { rows in rows.contains("d 1") && (name == "bare" || Self.showsFourRows(rows)) },
                    "\(name): \((try? terminal.visibleRows(name)) ?? [])")
            for (cols, rows) in [(60, 30), (100, 34), (70, 36)] {
                try terminal.resize(name, cols: cols, rows: rows)
                if name == "run" {
                    #expect(try terminal.waitFor(name) { Self.showsFourRows($0) }, "after \(cols)x\(rows): \((try? terminal.visibleRows(name)) ?? [])")
                }
            }
            try terminal.sendKeys(name, "C-z")
            #expect(try terminal.waitFor(name) { rows in
                rows.contains { $0.contains("Stopped") } && !rows.contains { $0.contains("@") }
            }, "\(name): the job did not stop, or rows stayed: \((try? terminal.visibleRows(name)) ?? [])")
            try terminal.sendKeys(name, "fg", "Enter")
            #expect(try terminal.waitFor(name) { rows in name == "bare" || Self.showsFourRows(rows) },
                    "\(name): no rows after fg: \((try? terminal.visibleRows(name)) ?? [])")
            FileManager.default.createFile(atPath: "\(directory)/\(name)/stop", contents: nil)
            #expect(try terminal.waitFor(name) { $0.contains("d 2") && $0.last(where: { !$0.isEmpty }) == "$" },
                    "\(name): \((try? terminal.visibleRows(name)) ?? [])")
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    @Test func twoStartedWithAnAmpersandGetALineAndARow() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var screens: [TmuxTerminal.FinalScreen] = []
        for name in ["bare", "run"] {
            let wait = "sh -c 'while [ ! -e \(directory)/\(name).stop ]; do sleep 0.05; done'"
            let wrap = { (title: String) in name == "run" ? "\(TestEnvironment.loadwrap) --delay 0 -t \(title) -- " : "" }
            try terminal.start(name, script: "echo before; \(wrap("@one"))\(wait) & \(wrap("@two"))\(wait) & wait; echo after")
            if name == "run" {
                // Whichever took the terminal first draws the line; the other is the row under it.
                #expect(try terminal.waitFor(name) { rows in
                    guard let line = rows.firstIndex(where: { $0.contains("@one") || $0.contains("@two") }),
                          line + 1 < rows.count else { return false }
                    let other = rows[line].contains("@one") ? "@two" : "@one"
                    return rows[line + 1].hasPrefix("  ") && rows[line + 1].contains(other)
                }, "\((try? terminal.visibleRows(name)) ?? [])")
            }
            FileManager.default.createFile(atPath: "\(directory)/\(name).stop", contents: nil)
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }
}
