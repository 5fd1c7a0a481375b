import Foundation
import LoadWrapTestSupport
import Testing

/// Resizes in a terminal that rewraps lines (tmux): after narrowing and widening back, the final
/// screen of `loadwrap -- X` is the one `X` alone leaves, scrollback and cursor included, and no
/// screen seen meanwhile shows the spinner on more than one row. Each narrowing keeps at least
/// half the width (README: a line drawn in half the width cannot be rewrapped by it).
@Suite(.enabled(if: ExternalTool.exists("tmux") || ExternalTool.onCI, "tmux is not installed (.ci/run installs it)"))
struct ReflowTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// Lines the command prints before it waits: 0 puts the spinner on the top row, 40 at the
        /// bottom of a full screen.
        let earlierLines: Int
        /// The sizes the window takes one after the other, as (columns, rows).
        let sizes: [Size]
        var testDescription: String { name }
    }

    struct Size: Sendable {
        let cols: Int
        let rows: Int
    }

    static let cases: [Case] = [
        Case(name: "80x24 to 60x20 and back, spinner on the top row", earlierLines: 0,
             sizes: [Size(cols: 60, rows: 20), Size(cols: 80, rows: 24)]),
        Case(name: "80x24 to 60x20 and back, below output", earlierLines: 5,
             sizes: [Size(cols: 60, rows: 20), Size(cols: 80, rows: 24)]),
        Case(name: "80x24 to 60x20 and back, full screen", earlierLines: 40,
             sizes: [Size(cols: 60, rows: 20), Size(cols: 80, rows: 24)]),
        Case(name: "halved, on the top row", earlierLines: 0,
             sizes: [Size(cols: 40, rows: 24), Size(cols: 80, rows: 24)]),
        Case(name: "halved twice in steps, then back", earlierLines: 3,
             sizes: [Size(cols: 41, rows: 24), Size(cols: 21, rows: 24), Size(cols: 80, rows: 24)]),
        Case(name: "halved on a full screen, then taller and wider", earlierLines: 40,
             sizes: [Size(cols: 40, rows: 24), Size(cols: 100, rows: 30)]),
    ]

    /// A character of the title only: a row holding one shows (part of) the spinner line, however
    /// short the title is cut.
    private static let title = String(repeating: "=", count: 80)

    @Test("same final screen as bare, the spinner on one row throughout", arguments: cases)
    func sameScreenAsBare(_ c: Case) throws {
        let terminal = try TmuxTerminal(cols: 80, rows: 24)
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let command = "\(directory)/command.sh"
        // The command prints its lines, then the size it sees on every SIGWINCH (the wrapped one
        // gets it from loadwrap, once its own pty has the new size), until the stop file exists.
        try """
            i=0; while [ $i -lt \(c.earlierLines) ]; do i=$((i+1)); echo "earlier output $i"; done
            echo ready
            trap 'stty size' WINCH
            while [ ! -e "$1" ]; do sleep 0.05; done
            """.write(toFile: command, atomically: true, encoding: .utf8)
        let loadwrap = ([TestEnvironment.loadwrap, "--delay", "0", "--title", Self.title, "--"]).joined(separator: " ")

        let bare = try drive(terminal, "bare", "sh \(command) \(directory)/bare.stop", c, directory: directory, spinner: false)
        let wrapped = try drive(terminal, "wrapped", "\(loadwrap) sh \(command) \(directory)/wrapped.stop", c,
                                directory: directory, spinner: true)
        #expect(wrapped == bare, "bare:\n\(bare)\nwrapped:\n\(wrapped)")
    }

    /// Runs `script` in window `name`, resizes it through the case's sizes, each once the command
    /// has seen the last (and, with the spinner, once the spinner is drawn anew), stops it, and
    /// returns its final screen.
    private func drive(_ terminal: TmuxTerminal, _ name: String, _ script: String, _ c: Case,
                       directory: String, spinner: Bool) throws -> TmuxTerminal.FinalScreen {
        var sampler = Sampler(spinner: spinner)
        try terminal.start(name, script: script)
        #expect(try terminal.waitFor(name) { sampler.look($0, cols: 80) && $0.contains("ready") })
        for size in c.sizes {
            try terminal.resize(name, cols: size.cols, rows: size.rows)
            let seen = "\(size.rows) \(size.cols)"
            let resized = try terminal.waitFor(name) { sampler.look($0, cols: size.cols) && $0.contains(seen) }
            #expect(resized, "\(name) at \(seen): \(sampler.last)")
        }
        FileManager.default.createFile(atPath: "\(directory)/\(name).stop", contents: nil)
        #expect(terminal.waitForExit(name) == 0)
        #expect(sampler.moreThanOneRow.isEmpty, "\(name): the spinner on 2+ rows: \(sampler.moreThanOneRow)")
        return try terminal.finalScreen(name)
    }

    /// Looks at each screen seen while waiting: how many rows hold the title, and whether the
    /// spinner is drawn for the current width (a bare run has none, so it is always ready).
    private struct Sampler {
        let spinner: Bool
        var moreThanOneRow: [[String]] = []
        /// The last screen seen, for a failure's message.
        var last: [String] = []

        mutating func look(_ rows: [String], cols: Int) -> Bool {
            last = rows
            let titled = rows.filter { $0.contains("=") }
            if titled.count > 1 { moreThanOneRow.append(titled) }
            guard spinner else { return true }
            // Laid out in half the width: the line after the resize fits it.
            return titled.count == 1 && titled[0].count <= 1 + (cols - 1) / 2
        }
    }
}
