import Foundation
import Testing

/// `--result` in overlay mode: the spinner is erased and the end line printed in its place,
/// its mark coloured (green ✔, red ✖) when colour is on.
@Suite struct ResultLineTests {
    /// Runs `options` around a command that talks, waits 0.5 s so the spinner draws, and exits
    /// with `code`; checks the spinner drew and left nothing, and returns the final screen.
    private func run(_ options: [String], exit code: Int32) throws -> Screen {
        let run = try PtySession.run(Loadwrap.command(
            ["--delay", "0", "--title", "build"] + options + ["--", "sh", "-c", "echo out; sleep 0.5; exit \(code)"]))
        #expect(run.termination == .exited(code))
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "the spinner never drew")
        let screen = run.screen()
        #expect(Loadwrap.spinnerRows(screen).isEmpty, "spinner left on screen:\n\(screen.snapshot)")
        #expect(screen.cursorVisible)
        return screen
    }

    /// The final screen's text with the end line's elapsed time masked.
    private func lines(_ screen: Screen) -> [String] {
        screen.snapshot.trimmedText.split(separator: "\n", omittingEmptySubsequences: false)
            .map { Loadwrap.masked(String($0)) }
    }

    @Test(arguments: [
        (["--result"], 0, "✔ build · T", TerminalColor.indexed(2)),
        (["--result"], 3, "✖ build · exit 3 · T", .indexed(1)),
        (["--result=always", "--success", "Built"], 0, "✔ Built · T", .indexed(2)),
        (["--result=failure", "--failure", "Broke"], 3, "✖ Broke · exit 3 · T", .indexed(1)),
    ] as [([String], Int32, String, TerminalColor)])
    func endLineReplacesTheSpinner(
        _ options: [String], _ code: Int32, _ endLine: String, _ color: TerminalColor
    ) throws {
        let screen = try run(options + ["--color", "always"], exit: code)
        #expect(lines(screen) == ["out", endLine], "\(screen.snapshot)")
        #expect(screen.snapshot.lines[1].cells.first?.attributes.foreground == color, "\(screen.snapshot)")
        // Only the mark is coloured: the text after it is in the default rendition.
        #expect(screen.snapshot.lines[1].cells.dropFirst().allSatisfy { $0.attributes == Attributes() },
                "\(screen.snapshot)")
        #expect((screen.row, screen.col) == (2, 0))
    }

    @Test func noColourWhenColourIsOff() throws {
        let screen = try run(["--result", "--color", "never"], exit: 3)
        #expect(lines(screen) == ["out", "✖ build · exit 3 · T"])
        #expect(screen.snapshot.lines[1].cells.allSatisfy { $0.attributes == Attributes() }, "\(screen.snapshot)")
    }

    @Test(arguments: [(["--result=failure"], 0), (["--result=never"], 3), ([], 3)] as [([String], Int32)])
    func noEndLineWhenNotAsked(_ options: [String], _ code: Int32) throws {
        let screen = try run(options, exit: code)
        #expect(lines(screen) == ["out"], "\(screen.snapshot)")
    }

    @Test func aLogMakesAFailureSayWhereTheLogIs() throws {
        // A short path, so the end line fits the 80 columns unwrapped.
        let log = "/tmp/lw-\(String(UInt64.random(in: 0...UInt64.max), radix: 36)).log"
        defer { unlink(log) }
        let failed = lines(try run(["--log", log], exit: 3)).map { $0.replacing(/\d+\.\ds ·/, with: "T ·") }
        #expect(failed == ["out", "✖ build · exit 3 · T · log: \(log)"])
        #expect(lines(try run(["--log", log], exit: 0)) == ["out"])  // a success leaves no line
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "out\r\n")
    }

    @Test func endLineAfterAPartialLineStartsALineOfItsOwn() throws {
        let run = try PtySession.run(Loadwrap.command(
            ["--delay", "0", "--title", "build", "--result", "--", "sh", "-c", "printf partial; sleep 0.5; exit 1"]))
        #expect(run.termination == .exited(1))
        #expect(lines(run.screen()) == ["partial", "✖ build · exit 1 · T"], "\(run.screen().snapshot)")
    }

    @Test func quickCommandStillGetsItsEndLine() throws {
        let run = try PtySession.run(Loadwrap.command(["--title", "build", "--result", "--", "sh", "-c", "exit 2"]))
        #expect(run.termination == .exited(2))
        #expect(lines(run.screen()) == ["✖ build · exit 2 · T"], "\(run.screen().snapshot)")
    }
}
