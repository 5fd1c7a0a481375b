/// One line of the command's output as a terminal would show it on a row that never wraps: text
/// written over by `\r` and backspaces, tabs moving the cursor to the next multiple of 8, wide
/// characters taking two cells and combining marks joining the cell before them. Only the first
/// `widest` columns are kept, so a line that never ends costs bounded memory; the cursor still
/// counts the columns beyond, as the terminal would, until a `\r` brings it back.
///
/// What it holds is only ever printable text and a `CellStyle` per cell: whatever the command
/// wrote, drawing a row can neither move the cursor nor send a sequence of the command's.
struct TailRow: Equatable, Sendable {
    /// One column of the row: a character (a base scalar and the marks joined to it) or the
    /// right half of the wide character to its left.
    struct Cell: Equatable, Sendable {
        /// The character's text; empty for the right half of a wide character.
        var text: String
        /// 1 or 2 for a character, 0 for the right half of a wide one.
        var width: UInt8
        /// The rendition it was written in.
        var style: CellStyle

        /// A cell nothing was written to, or whose character was erased.
        static let blank = Cell(text: " ", width: 1, style: .plain)
    }

    /// Columns kept: wider than half of any terminal a row is drawn on, and small enough that a
    /// window of rows stays a few hundred kilobytes at most.
    static let widest = 512
    /// The most bytes one cell's text keeps: a base and a few marks; a run of hundreds of
    /// combining marks (zalgo text) stops growing it.
    static let longestCell = 32

    /// The cells from column 0; the row is blank after them.
    private(set) var cells: [Cell] = []
    /// The cursor's column; may be past `widest`.
    private(set) var column = 0

    /// True when nothing has been written on the row (or all of it was erased).
    var isEmpty: Bool { cells.isEmpty }

    /// Writes `scalar`, `width` columns wide (0 for a mark that joins the character before), at
    /// the cursor in `style`, and moves the cursor past it.
    mutating func put(_ scalar: Unicode.Scalar, width: Int, style: CellStyle) {
        guard width > 0 else { return join(scalar) }
        defer { column += width }
        guard column + width <= Self.widest else { return }
        while cells.count < column + width { cells.append(.blank) }
        clearHalves(from: column, count: width)
        cells[column] = Cell(text: String(scalar), width: UInt8(width), style: style)
        if width == 2 { cells[column + 1] = Cell(text: "", width: 0, style: style) }
    }

    /// Adds a mark to the character left of the cursor, as terminals do; dropped at column 0.
    private mutating func join(_ scalar: Unicode.Scalar) {
        var index = min(column, cells.count) - 1
        if index > 0 && cells[index].width == 0 { index -= 1 }
        guard index >= 0, cells[index].width > 0, cells[index].text.utf8.count + 4 <= Self.longestCell else { return }
        cells[index].text.unicodeScalars.append(scalar)
    }

    /// Blanks the other half of any wide character that `count` cells from `start` cut into:
    /// terminals never show half of one.
    private mutating func clearHalves(from start: Int, count: Int) {
        if start < cells.count, cells[start].width == 0, start > 0 { cells[start - 1] = .blank }
        let last = start + count - 1
        if last < cells.count, cells[last].width == 2, last + 1 < cells.count { cells[last + 1] = .blank }
    }

    /// Carriage return: the cursor back to column 0; the text stays until written over.
    mutating func carriageReturn() {
        column = 0
    }

    /// Moves the cursor `count` columns left, stopping at the margin (backspace, CUB).
    mutating func moveBack(by count: Int) {
        column = max(0, column - count)
    }

    /// Moves the cursor `count` columns right (CUF), writing nothing.
    mutating func moveForward(by count: Int) {
        column += count
    }

    /// Moves the cursor to `target` (CHA).
    mutating func moveTo(_ target: Int) {
        column = max(0, target)
    }

    /// Moves the cursor to the next tab stop, every 8 columns (the default stops).
    mutating func tab() {
        column = (column / 8 + 1) * 8
    }

    /// Erase in line (EL): 0 from the cursor on, 1 up to and including it, 2 the whole row.
    mutating func eraseInLine(_ mode: Int) {
        switch mode {
        case 0:
            guard column < cells.count else { return }
            clearHalves(from: column, count: 1)
            cells.removeSubrange(column...)
        case 1:
            let last = min(column, cells.count - 1)
            guard last >= 0 else { return }
            clearHalves(from: last, count: 1)
            for index in 0...last { cells[index] = .blank }
        default:
            cells.removeAll(keepingCapacity: true)
        }
        while cells.last == .blank { cells.removeLast() }
    }

    /// The bytes that show the row within `columns` display columns: its text, each change of
    /// rendition as one SGR sequence, ending in the default rendition. A wide character that would
    /// straddle the edge is left out whole; blank cells at the end are not sent.
    func rendered(columns: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var used = 0
        var style = CellStyle.plain
        let end = cells.lastIndex { $0 != .blank }.map { $0 + 1 } ?? 0
        for cell in cells[..<end] where cell.width > 0 {
            guard used + Int(cell.width) <= columns else { break }
            if cell.style != style {
                bytes += cell.style.sequence
                style = cell.style
            }
            bytes += cell.text.utf8
            used += Int(cell.width)
        }
        if !style.isPlain { bytes += CellStyle.plain.sequence }
        return bytes
    }
}
