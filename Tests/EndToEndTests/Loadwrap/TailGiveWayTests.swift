import Foundation
import LoadWrapTestSupport
import Testing

/// `--tail` gives way when the command needs the terminal: canonical mode off (`stty -icanon`),
/// a scroll region (`ESC[1;10r`), echo off (`read -s`). The block goes and the held lines are
/// written as the command wrote them, so the user sees them appear above what the command does
/// next, as bare; from then on the run is plain overlay mode: a line streams at once with the
/// spinner below it. The final screen is the bare run's.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct TailGiveWayTests {
    /// What the command does to need the terminal, and how it hands it back.
    struct Takeover: Sendable, CustomTestStringConvertible {
        let name: String
        let take: String
        let release: String
        /// Whether the spinner comes back once the terminal is handed back: not after cursor
        /// moves to other rows, which keep it away until a screen clear (docs/design.md).
        let spinnerReturns: Bool
        var testDescription: String { name }
    }

    static let takeovers = [
        Takeover(name: "canonical mode off", take: "stty -icanon", release: "stty icanon", spinnerReturns: true),
        // DECSTBM homes the cursor: the command puts it back below the lines, as a program would.
        Takeover(name: "a scroll region", take: #"printf '\033[1;10r\033[6;1H'"#, release: #"printf '\033[r\033[7;1H'"#,
                 spinnerReturns: false),
    ]

    @Test(arguments: takeovers)
    func theHeldLinesShowThenTheRunIsPlainOverlay(_ takeover: Takeover) throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let command = "\(directory)/cmd.sh"
        try """
            printf 'line %s\\n' 1 2 3 4 5
            \(TailScreen.waitFor("$1.take"))
            \(takeover.take); echo after
            \(TailScreen.waitFor("$1.release"))
            \(takeover.release); echo streamed
            \(TailScreen.waitFor("$1.stop"))
            """.write(toFile: command, atomically: true, encoding: .utf8)
        for step in ["take", "release", "stop"] { touch("\(directory)/bare.\(step)") }
        try terminal.start("bare", script: "sh \(command) \(directory)/bare")
        try terminal.start("run", script: "\(TailScreen.loadwrap(tail: 3)) sh \(command) \(directory)/run")
        #expect(try terminal.waitFor("run") { TailScreen.showsWindow($0, ["line 3", "line 4", "line 5"]) })
        touch("\(directory)/run.take")
        #expect(try terminal.waitFor("run") { Self.heldLinesShown($0) }, "\((try? terminal.visibleRows("run")) ?? [])")
        touch("\(directory)/run.release")
        #expect(try terminal.waitFor("run") { Self.streams($0, spinnerBelow: takeover.spinnerReturns) }, "\((try? terminal.visibleRows("run")) ?? [])")
        touch("\(directory)/run.stop")
        #expect(terminal.waitForExit("bare") == 0 && terminal.waitForExit("run") == 0)
        let (wrapped, bare) = (try terminal.finalScreen("run"), try terminal.finalScreen("bare"))
        #expect(wrapped == bare, "wrapped:\n\(wrapped)\nbare:\n\(bare)")
    }

    @Test func aSilentReadShowsTheHeldLinesAboveItsPrompt() throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let command = "\(directory)/cmd.sh"
        try #"printf 'line %s\n' 1 2 3 4 5; read -rs -p 'Password: ' x; echo; echo "got ${#x} characters""#
            .write(toFile: command, atomically: true, encoding: .utf8)
        var screens: [TmuxTerminal.FinalScreen] = []
        for (name, prefix) in [("bare", ""), ("run", TailScreen.loadwrap(tail: 2) + " ")] {
            try terminal.start(name, script: "\(prefix)bash \(command)")
            #expect(try terminal.waitFor(name) {
                $0.first == "line 1" && $0.contains("Password:") && TailScreen.spinnerRows($0).isEmpty
            }, "\(name): \((try? terminal.visibleRows(name)) ?? [])")
            try terminal.sendKeys(name, "secret", "Enter")
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
        #expect(screens[1].rows.contains("got 6 characters") && !screens[1].rows.joined().contains("secret"))
    }

    /// Given way: every held line where the command wrote it, `after` below them, no spinner.
    private static func heldLinesShown(_ rows: [String]) -> Bool {
        Array(rows.prefix(6)) == (1...5).map { "line \($0)" } + ["after"] && TailScreen.spinnerRows(rows).isEmpty
    }

    /// Plain overlay mode: `streamed` shows at once, not held, below `after`, with the spinner
    /// right below it or, when it stays away, nowhere.
    private static func streams(_ rows: [String], spinnerBelow: Bool) -> Bool {
        guard let streamed = rows.firstIndex(of: "streamed"), rows[streamed - 1] == "after" else { return false }
        return TailScreen.spinnerRows(rows) == (spinnerBelow ? [streamed + 1] : [])
    }

    private func touch(_ path: String) { FileManager.default.createFile(atPath: path, contents: nil) }
}
