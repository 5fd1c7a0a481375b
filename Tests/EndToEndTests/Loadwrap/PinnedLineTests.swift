import Foundation
import LoadWrapTestSupport
import Testing

/// Pinned means pinned: while a command prints, the spinner line is on the screen, not only at the
/// end of a quiet frame. Sampled in a real terminal (tmux) while the command runs: a chatty
/// command printing a line every 10 or 30 ms, and one rewriting an unfinished line in place
/// (`\r[12/60] Compiling …`, as SwiftPM, cargo and pip do), where the line shows beside it. Each
/// final screen is the bare run's, scrollback and cursor included.
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct PinnedLineTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// The command, for sh; it runs about 3 s and prints `last` when its output is complete.
        let script: String
        /// What the screen shows once the command has printed everything.
        let last: String
        /// The share of samples that must show the line.
        let share: Double
        /// What follows the command in the pipeline (` | cat`: loadwrap is a guest there).
        var after = ""
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a line every 10 ms", script: lines(every: "0.01", count: 300), last: "line 300", share: 0.9),
        Case(name: "a line every 30 ms", script: lines(every: "0.03", count: 100), last: "line 100", share: 0.9),
        Case(name: "an unfinished line rewritten every 50 ms", script: rewrites(count: 60, end: "\\n"),
             last: "[60/60]", share: 0.8),
        Case(name: "rewritten as SwiftPM does at the bottom of a full screen, ending on the unfinished line",
             script: "seq 40; " + rewrites(count: 60, end: "", erase: "\\033[2K\\r"), last: "[60/60]", share: 0.8),
        // A guest: the lines reach the terminal through loadwrap (stderr), nothing through the pipe.
        Case(name: "a line every 10 ms on stderr, piped into cat", script: lines(every: "0.01", count: 300) + " >&2",
             last: "line 300", share: 0.9, after: " | cat"),
    ]

    private static func lines(every interval: String, count: Int) -> String {
        "i=0; while [ $i -lt \(count) ]; do i=$((i+1)); echo \"line $i\"; sleep \(interval); done"
    }

    /// A line rewritten in place: `erase`, then the new state. cargo's and pip's way is a carriage
    /// return and an erase to the end of the row; SwiftPM's, an erase of the row, then the return.
    private static func rewrites(count: Int, end: String, erase: String = "\\r\\033[K") -> String {
        """
        i=0; while [ $i -lt \(count) ]; do i=$((i+1)); printf '\(erase)[%d/\(count)] Compiling f%d.swift' $i $i; \
        sleep 0.05; done; printf '\(end)'
        """
    }

    private static let title = "PINNED"

    @Test("the line shows while the command prints; the final screen is the bare run's", arguments: cases)
    func lineShowsWhileOutputFlows(_ c: Case) throws {
        let terminal = try TmuxTerminal(cols: 100, rows: 20)
        let loadwrap = [TestEnvironment.loadwrap, "--delay", "0", "--title", Self.title, "--"].joined(separator: " ")
        let script = c.script.replacingOccurrences(of: "'", with: "'\\''")

        try terminal.start("bare", script: "sh -c '\(script)'\(c.after)")
        #expect(terminal.waitForExit("bare") == 0)
        try terminal.start("wrapped", script: "\(loadwrap) sh -c '\(script)'\(c.after)")
        let samples = try sample(terminal, "wrapped", until: c.last)
        #expect(terminal.waitForExit("wrapped") == 0)

        #expect(samples.taken >= 20, "too few samples to judge: \(samples.taken)")
        let share = Double(samples.showing) / Double(max(1, samples.taken))
        #expect(share >= c.share, "the line showed in \(samples.showing) of \(samples.taken) samples; one without: \(samples.without)")
        #expect(samples.onTwoRows.isEmpty, "the line on two rows: \(samples.onTwoRows)")
        let bare = try terminal.finalScreen("bare")
        let wrapped = try terminal.finalScreen("wrapped")
        #expect(wrapped == bare, "bare:\n\(bare)\nwrapped:\n\(wrapped)")
    }

    /// Beside a rewritten line, resizes leave the bare run's screen (tmux rewraps rows longer than
    /// its new width, and moves the cursor's row into the scrollback when it does): the window
    /// narrowed and widened while the line shows, and narrowed until it has no room, at the top and
    /// at the bottom of a full screen.
    @Test("resized while the line shows beside a rewritten line", arguments: [0, 40])
    func resizedBesideARewrittenLine(earlierLines: Int) throws {
        let terminal = try TmuxTerminal(cols: 100, rows: 20)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try """
            seq \(earlierLines)
            while [ ! -e "$1" ]; do printf '\\r\\033[K[7/60] Compiling f7.swift'; sleep 0.05; done
            """.write(toFile: "\(directory)/command.sh", atomically: true, encoding: .utf8)
        let loadwrap = [TestEnvironment.loadwrap, "--delay", "0", "--title", Self.title, "--"].joined(separator: " ")
        var screens: [TmuxTerminal.FinalScreen] = []
        for (name, prefix) in [("bare", ""), ("wrapped", loadwrap + " ")] {
            try terminal.start(name, script: "\(prefix)sh \(directory)/command.sh \(directory)/\(name).stop")
            #expect(try terminal.waitFor(name) { $0.contains { $0.contains("Compiling") } })
            // At 55 columns half the width leaves no room beside the text's 25: the line goes.
            for (cols, fits) in [(80, true), (55, false), (100, true)] {
                try terminal.resize(name, cols: cols, rows: 20)
                let seen = try terminal.waitFor(name) { rows in
                    let line = rows.first { $0.contains(Self.title) }
                    return name == "bare" || (fits ? line.map { $0.count <= 1 + (cols - 1) / 2 } ?? false : line == nil)
                }
                #expect(seen, "\(name) at \(cols) columns")
            }
            FileManager.default.createFile(atPath: "\(directory)/\(name).stop", contents: nil)
            #expect(terminal.waitForExit(name) == 0)
            screens.append(try terminal.finalScreen(name))
        }
        #expect(screens[1] == screens[0], "bare:\n\(screens[0])\nwrapped:\n\(screens[1])")
    }

    /// What the samples saw: how many were taken, how many showed the line, one that did not.
    private struct Samples {
        var taken = 0
        var showing = 0
        var without: [String] = []
        var onTwoRows: [[String]] = []
    }

    /// Reads the window's rows as fast as tmux answers (about every 20 ms) from the command's first
    /// output until its last shows.
    private func sample(_ terminal: TmuxTerminal, _ name: String, until last: String) throws -> Samples {
        #expect(try terminal.waitFor(name) { rows in rows.contains { $0.contains(Self.title) } })
        var samples = Samples()
        let ended = try Poll.until(every: 0.02) {
            let rows = try terminal.visibleRows(name)
            if rows.contains(where: { $0.contains(last) }) { return true }
            samples.taken += 1
            let titled = rows.filter { $0.contains(Self.title) }
            if titled.count == 1 { samples.showing += 1 } else if titled.isEmpty { samples.without = rows }
            if titled.count > 1 { samples.onTwoRows.append(titled) }
            return false
        }
        #expect(ended, "the command's last line never showed")
        return samples
    }
}
