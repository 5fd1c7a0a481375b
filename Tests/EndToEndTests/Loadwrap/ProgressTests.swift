import Testing

/// Determinate progress as users see it: the bar moves when the command says so (`loadwrap
/// progress`) or its output does (`--progress-from`), plain mode writes a line per tenth, and the
/// final screen is the bare run's. Steps are driven by lines on stdin, not by sleeps.
@Suite struct ProgressTests {
    /// The one spinner row of the screen after `bytes`, or nil.
    private func spinnerRow(_ bytes: [UInt8]) -> String? {
        let rows = Loadwrap.spinnerRows(Loadwrap.screen(bytes))
        return rows.count == 1 ? rows[0] : nil
    }

    /// Runs `script` under loadwrap with `options`, waiting before each step (a line on stdin) for
    /// the spinner row to contain the step's text; then compares the final screen with the bare run's.
    private func expectSteps(_ script: String, options: [String] = [], shows steps: [String]) throws {
        try expectSteps(script, options: options, steps: steps.map { text in ({ $0.contains(text) }, text) })
    }

    /// The same with a condition on the spinner row per step, and its description.
    private func expectSteps(_ script: String, options: [String], steps: [(holds: (String) -> Bool, what: String)]) throws {
        let session = try PtySession(
            Loadwrap.command(["--delay", "0"] + options + ["--", "sh", "-c", script]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        for (index, step) in steps.enumerated() {
            #expect(session.waitFor { spinnerRow($0).map(step.holds) == true },
                    "step \(index): no spinner \(step.what): \(Loadwrap.spinnerRows(Loadwrap.screen(session.output)))")
            session.writeStdin(Array("\n".utf8))
        }
        session.closeStdin()
        #expect(session.waitForExit() == .exited(0))
        let bare = try PtySession.run(Loadwrap.sh(script), input: Array(String(repeating: "\n", count: steps.count).utf8),
                                      environment: Loadwrap.pathFirst)
        #expect(bare.termination == .exited(0))
        let expected = bare.screen().snapshot
        let actual = Loadwrap.screen(session.output).snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }

    @Test func loadwrapProgressMovesTheBar() throws {
        let script = "echo start; loadwrap progress 30%; read a; loadwrap progress 3/4; read b;"
            + " loadwrap progress 1200/5000 --unit B; read c; loadwrap progress --clear; read d; echo end"
        let shows = { (text: String) in ({ (row: String) in row.contains(text) }, "showing '\(text)'") }
        try expectSteps(script, options: [], steps: [
            shows("━ 30% · "), shows("━ 3/4 · "), shows("━ 1.1/4.8 KiB · "),
            ({ !$0.contains("━") && !$0.contains("─") && !$0.contains("·") }, "without a bar after --clear"),
        ])
    }

    @Test func progressFromPercentReadsBuildLines() throws {
        // CMake's and ninja's `[ 45%] Building …` lines.
        let script = "echo '[ 10%] Building a.o'; read a; echo '[ 52%] Building b.o'; read b; echo '[100%] Linking'"
        try expectSteps(script, options: ["--progress-from", "percent"], shows: ["10% · ", "52% · "])
    }

    @Test func progressFromARegexReadsDoneAndTotal() throws {
        let script = #"echo 'test 3 of 40 passed'; read a; echo 'test 30 of 40 passed'; read b"#
        try expectSteps(script, options: ["--progress-from", #"test (?<done>\d+) of (?<total>\d+)"#],
                        shows: ["3/40 · ", "30/40 · "])
    }

    @Test func aNestedRunsProgressShowsOnTheOuterSpinner() throws {
        let script = "loadwrap -t inner -- sh -c 'loadwrap progress 40%; read a'; read b"
        try expectSteps(script, options: ["-t", "outer"], steps: [
            ({ $0.contains("outer › inner ") && $0.contains(" 40% · ") }, "with the inner run's 40%"),
            ({ !$0.contains("inner") && !$0.contains("%") }, "back to the outer run alone"),
        ])
    }

    /// Runs `script` in plain mode (CI) with `options`; before each value the script reads a line,
    /// then prints `\r#### VALUE`: the next line goes only once loadwrap has shown the last, so
    /// each value arrives in a chunk of its own, as from a real download. Returns loadwrap's
    /// progress lines, timings masked.
    private func plainProgressLines(_ values: [String], options: [String], prefix: String) throws -> [String] {
        let script = "for v in \(values.joined(separator: " ")); do read x; printf '\\r#### %s' \"$v\"; done; read x; echo"
        let session = try PtySession(Loadwrap.command(options + ["--", "sh", "-c", script]), stdin: .pipe,
                                     environment: ["CI": "true"])
        defer { session.terminate() }
        for value in values {
            session.writeStdin(Array("\n".utf8))
            #expect(session.waitForOutput(containing: "#### \(value)"), "\(value) never shown")
        }
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(0))
        #expect(!session.output.contains(0x1B), "plain mode wrote an escape")
        return Loadwrap.lines(session.output).filter { $0.hasPrefix(prefix) }.map(Loadwrap.masked)
    }

    @Test func plainModeWritesALinePerTenthOnly() throws {
        // A curl -#-like bar: a `\r` and the figure again.
        let lines = try plainProgressLines(["5%", "10%", "12%", "19.5%", "20%", "35%", "100%"],
                                           options: ["-t", "get", "--progress-from", "percent"], prefix: "… get · ")
        #expect(lines == ["… get · 10% · T", "… get · 20% · T", "… get · 35% · T", "… get · 100% · T"])
    }

    @Test func plainModeProgressFromPipOutputWithARegex() throws {
        let lines = try plainProgressLines(
            ["1.2/45.2MB", "14.9/45.2MB", "30.1/45.2MB", "45.2/45.2MB"],
            options: ["-t", "pip", "--progress-from", #"(?<done>[\d.]+)/(?<total>[\d.]+)MB"#], prefix: "… pip · ")
        // A regex reads a line once it has ended: each value when the next `\r` comes, the last at the end.
        #expect(lines == ["… pip · 14.9/45.2 · T", "… pip · 30.1/45.2 · T", "… pip · 45.2/45.2 · T"])
    }
}
