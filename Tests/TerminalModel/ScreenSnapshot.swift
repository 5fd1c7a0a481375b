/// Everything a user could see of a terminal at one moment, comparable with `==`: scrollback and
/// screen (cells with attributes, trailing default blanks dropped), soft wraps, cursor.
public struct ScreenSnapshot: Equatable, Sendable, CustomStringConvertible {
    /// Scrollback lines, then every screen row.
    public var lines: [Line]
    public var scrollbackCount: Int
    /// Cursor row on the screen (not counting scrollback) and column.
    public var cursorRow: Int
    public var cursorCol: Int
    public var cursorVisible: Bool
    public var pendingWrap: Bool
    public var alternateScreen: Bool

    /// Plain text, one line per row, trailing spaces trimmed.
    public var text: String { lines.map(Self.plain).joined(separator: "\n") }

    /// Text with attribute changes marked `⟦1;31⟧…⟦⟧` and soft wraps marked `⏎` at line end.
    public var attributedText: String { lines.map(Self.attributed).joined(separator: "\n") }

    /// The text with trailing empty rows removed: what a test usually wants to read.
    public var trimmedText: String {
        var all = lines.map(Self.plain)
        while all.last == "" { all.removeLast() }
        return all.joined(separator: "\n")
    }

    public var description: String {
        let cursor = "cursor (\(cursorRow), \(cursorCol)) \(cursorVisible ? "visible" : "HIDDEN")"
            + (pendingWrap ? " pending-wrap" : "") + (alternateScreen ? " ALTERNATE SCREEN" : "")
        var all = lines.map(Self.attributed)
        while all.count > scrollbackCount && all.last == "" { all.removeLast() }
        let numbered = all.enumerated().map { i, line in
            let label = i < scrollbackCount ? "s\(i)" : "\(i - scrollbackCount)"
            return "\(label)| \(line)"
        }
        return "\(scrollbackCount) scrollback lines, \(cursor)\n" + numbered.suffix(40).joined(separator: "\n")
    }

    /// A short account of where two snapshots differ, for test failure messages.
    public func difference(from other: ScreenSnapshot) -> String {
        var notes: [String] = []
        if lines.count != other.lines.count { notes.append("line count \(lines.count) vs \(other.lines.count)") }
        if let i = (0..<min(lines.count, other.lines.count)).first(where: { lines[$0] != other.lines[$0] }) {
            notes.append("first different line \(i): \(Self.attributed(lines[i])) vs \(Self.attributed(other.lines[i]))")
        }
        if (cursorRow, cursorCol) != (other.cursorRow, other.cursorCol) {
            notes.append("cursor (\(cursorRow), \(cursorCol)) vs (\(other.cursorRow), \(other.cursorCol))")
        }
        if cursorVisible != other.cursorVisible { notes.append("cursor visible \(cursorVisible) vs \(other.cursorVisible)") }
        if pendingWrap != other.pendingWrap { notes.append("pending wrap \(pendingWrap) vs \(other.pendingWrap)") }
        if alternateScreen != other.alternateScreen { notes.append("alternate screen \(alternateScreen) vs \(other.alternateScreen)") }
        return notes.joined(separator: "; ") + "\n--- left:\n\(self)\n--- right:\n\(other)"
    }

    /// Cells up to the last one that is not a default blank.
    public static func trimmed(_ line: Line) -> Line {
        var out = line
        while let last = out.cells.last, last.isDefaultBlank { out.cells.removeLast() }
        return out
    }

    private static func plain(_ line: Line) -> String {
        var text = line.cells.map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return text
    }

    private static func attributed(_ line: Line) -> String {
        var out = ""
        var current = Attributes()
        for cell in line.cells {
            if cell.attributes != current {
                out += "⟦\(cell.attributes.code)⟧"
                current = cell.attributes
            }
            out += cell.text
        }
        if current != Attributes() { out += "⟦⟧" }
        return out + (line.wrapped ? "⏎" : "")
    }
}

extension Screen {
    /// What the user sees now.
    public var snapshot: ScreenSnapshot {
        ScreenSnapshot(
            lines: (scrollback + lines).map(ScreenSnapshot.trimmed), scrollbackCount: scrollback.count,
            cursorRow: row, cursorCol: col, cursorVisible: cursorVisible, pendingWrap: pendingWrap,
            alternateScreen: alternateScreen)
    }

    /// Plain text of scrollback and screen, trailing spaces trimmed.
    public func render() -> String { snapshot.text }

    /// The text of screen row `r` (0 = top of the screen), trailing spaces trimmed.
    public func text(ofRow r: Int) -> String {
        var text = lines[r].cells.map(\.text).joined()
        while text.last == " " { text.removeLast() }
        return text
    }
}
