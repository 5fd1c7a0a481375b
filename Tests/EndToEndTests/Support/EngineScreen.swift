/// What a user could see of one terminal engine at the end of a replay, as text: the scrollback,
/// the visible rows and the cursor. Each engine fills it in its own way (tmux and libvterm mark
/// colours, VTE does not), so only screens of one engine are compared, bare against wrapped.
struct EngineScreen: Equatable, Sendable, CustomStringConvertible {
    /// The rows scrolled off the top, oldest first; blank rows kept, since a blank row in the
    /// scrollback is one the user scrolls through.
    var scrollback: [String]
    /// Every row of the screen, top first, blank ones included.
    var visible: [String]
    /// The cursor's row on the screen (0 = top) and column.
    var cursorRow: Int
    var cursorCol: Int
    /// Whether the cursor shows; nil where the engine does not tell (VTE has no API for it).
    var cursorVisible: Bool?

    var description: String {
        let cursor = "cursor (\(cursorRow), \(cursorCol))" + (cursorVisible.map { $0 ? " visible" : " HIDDEN" } ?? "")
        let rows = scrollback.enumerated().map { "s\($0.offset)| \($0.element)" }
            + visible.enumerated().map { "\($0.offset)| \($0.element)" }
        // The first rows, then the bottom of the scrollback and the screen, where loadwrap draws.
        let shown = rows.count <= 60 ? rows : rows.prefix(10) + ["…"] + rows.suffix(40)
        return "\(scrollback.count) scrollback rows, \(cursor)\n" + shown.joined(separator: "\n")
    }

    /// A short account of where `self` differs from `other`, then both screens.
    func difference(from other: EngineScreen) -> String {
        var notes: [String] = []
        if scrollback.count != other.scrollback.count {
            notes.append("scrollback rows \(scrollback.count) vs \(other.scrollback.count)")
        }
        let rows = scrollback + visible
        let otherRows = other.scrollback + other.visible
        if let i = rows.indices.first(where: { $0 < otherRows.count && rows[$0] != otherRows[$0] }) {
            notes.append("first different row \(i): \(rows[i].debugDescription) vs \(otherRows[i].debugDescription)")
        }
        if (cursorRow, cursorCol) != (other.cursorRow, other.cursorCol) {
            notes.append("cursor (\(cursorRow), \(cursorCol)) vs (\(other.cursorRow), \(other.cursorCol))")
        }
        if cursorVisible != other.cursorVisible {
            notes.append("cursor visible \(cursorVisible.map(String.init) ?? "?") vs \(other.cursorVisible.map(String.init) ?? "?")")
        }
        return notes.joined(separator: "; ") + "\n--- left:\n\(self)\n--- right:\n\(other)"
    }
}
