extension EngineScreen {
    /// True when `self`, a wrapped run's screen in `engine`, counts as `accepted`'s: the same, or
    /// in VTE the same but for at most `blankRows` blank rows more in the scrollback.
    ///
    /// VTE makes a row exist once anything writes on it, the spinner line included, and its clear
    /// screen moves every existing row into the scrollback (vte's `clear_screen`, src/vteseq.cc).
    /// Where a command clears the screen before writing on the row the line was drawn on (the row
    /// after its last line feed), that row comes into the scrollback blank; no erase can make a
    /// row not exist again (docs/limits.md, "Terminals that disagree"). As many rows as loadwrap
    /// draws on, for each clear, and only blank ones: the screenful of blank rows an erase below
    /// used to leave still fails.
    func matches(_ accepted: EngineScreen, in engine: TerminalEngine, blankRows: Int) -> Bool {
        if self == accepted { return true }
        guard engine == .vte, blankRows > 0, visible == accepted.visible,
              (cursorRow, cursorCol, cursorVisible) == (accepted.cursorRow, accepted.cursorCol, accepted.cursorVisible)
        else { return false }
        return Self.isBareWithBlankRows(scrollback, accepted.scrollback, atMost: blankRows)
    }

    /// True when `rows` is `bare` with at most `extra` blank rows put in.
    private static func isBareWithBlankRows(_ rows: [String], _ bare: [String], atMost extra: Int) -> Bool {
        guard rows.count >= bare.count, rows.count - bare.count <= extra else { return false }
        var next = bare[...]
        for row in rows {
            if let expected = next.first, expected == row {
                next.removeFirst()
            } else if !row.isEmpty {
                return false
            }
        }
        return next.isEmpty
    }
}
