import Foundation

/// Replays bytes in tmux: each stream is `cat` into a window of its size, on a tty with output
/// processing off, and the window's rows, scrollback and cursor are read back.
enum TmuxReplay {
    /// The final screens of `files` (the bytes of `streams`), in order.
    static func replay(files: [String], streams: [ReplayStream]) throws -> [EngineScreen] {
        var screens = [EngineScreen?](repeating: nil, count: files.count)
        // One private server per size: a window takes its session's size.
        for (size, indices) in Dictionary(grouping: files.indices, by: { Size(streams[$0]) }) {
            let terminal = try TmuxTerminal(cols: size.cols, rows: size.rows)
            for index in indices {
                try terminal.start("r\(index)", script: script(files[index]))
            }
            for index in indices {
                guard terminal.waitForExit("r\(index)") == 0 else { throw EngineError("tmux: replay of \(files[index]) did not end") }
                screens[index] = try screen(terminal.finalScreen("r\(index)"), rows: size.rows)
            }
        }
        return screens.map { $0! }
    }

    /// A window's size.
    private struct Size: Hashable {
        let cols: Int
        let rows: Int

        /// The size of `stream`'s terminal.
        init(_ stream: ReplayStream) { (cols, rows) = (stream.cols, stream.rows) }
    }

    /// The window's script: `stty raw` so the tty adds nothing (the bytes were captured after the
    /// kernel's output processing), then the bytes, then a status query. tmux answers it only
    /// after it has drawn every byte before it, so the window's end means the screen is final;
    /// `-echo` keeps the answer off the screen, and the loop reads it to its final `n`.
    private static func script(_ file: String) -> String {
        #"stty raw -echo; cat '\#(file)'; printf '\033[5n'; until [ "$(dd bs=1 count=1 2>/dev/null)" = n ]; do :; done"#
    }

    /// `capture-pane -e -S -` (scrollback first, colours as SGR) and the cursor, as an engine screen.
    private static func screen(_ final: TmuxTerminal.FinalScreen, rows: Int) throws -> EngineScreen {
        let captured = Array(final.rows.dropLast())  // capture-pane ends its last row with a newline
        // final.cursor is "X,Y visible=F" (#{cursor_x},#{cursor_y} #{cursor_flag}).
        let numbers = final.cursor.split { ",= ".contains($0) }.compactMap { Int($0) }
        guard let history = Int(final.historySize), captured.count == history + rows, numbers.count == 3 else {
            throw EngineError("tmux: unreadable capture, \(captured.count) rows, state \(final.cursor) \(final.historySize)")
        }
        return EngineScreen(
            scrollback: Array(captured[..<history]), visible: Array(captured[history...]),
            cursorRow: numbers[1], cursorCol: numbers[0], cursorVisible: numbers[2] == 1)
    }
}
