/// A small xterm: interprets the bytes a terminal receives into a grid of cells, a cursor and
/// scrollback. Output post-processing (ONLCR) has already happened: these are the bytes as
/// they reach the terminal. Unknown sequences are consumed and ignored.
public struct Screen: Sendable {
    public let rows: Int
    public let cols: Int

    /// Lines scrolled off the top of the main screen, oldest first.
    public private(set) var scrollback: [Line] = []
    /// The visible grid (the alternate screen's while it is active).
    public private(set) var lines: [Line]
    private var savedMainLines: [Line]? = nil
    /// Cursor position, 0-based; `col` stays on the last column while a wrap is pending.
    public private(set) var row = 0
    public private(set) var col = 0
    /// Set after writing the last column: the next printable character wraps first.
    public private(set) var pendingWrap = false
    public private(set) var cursorVisible = true
    public private(set) var autowrap = true
    public private(set) var alternateScreen = false
    /// The current rendition for new characters.
    public var attributes = Attributes()
    /// Scroll region (DECSTBM), inclusive.
    private var top = 0
    private var bottom: Int
    private var saved: SavedCursor? = nil
    private var savedForAlternate: SavedCursor? = nil
    /// Sequences that ask the terminal for a reply (DSR, DA, …), in the order received.
    public private(set) var queries: [String] = []
    /// The last window title set with OSC 0/2.
    public private(set) var windowTitle: String? = nil

    public internal(set) var parser = ParserState()

    /// Cursor state saved by DECSC / ESC 7.
    private struct SavedCursor {
        var row: Int
        var col: Int
        var pendingWrap: Bool
        var attributes: Attributes
    }

    /// An empty `rows`×`cols` terminal with the cursor at the top left.
    public init(rows: Int = 24, cols: Int = 80) {
        self.rows = rows
        self.cols = cols
        bottom = rows - 1
        lines = Array(repeating: Line(cols: cols), count: rows)
    }

    // MARK: Printing

    /// Writes one character at the cursor, wrapping and scrolling as xterm does.
    public mutating func print(_ scalar: Unicode.Scalar) {
        let width = CharacterWidth.of(scalar)
        if width == 0 {
            combine(scalar)
            return
        }
        if pendingWrap && autowrap { wrapToNextLine() }
        if width == 2 && col == cols - 1 {
            guard autowrap else { return }
            wrapToNextLine()  // xterm leaves the last column as it was and wraps early
        }
        detachWide(row, col)
        if width == 2 { detachWide(row, col + 1) }
        lines[row].cells[col] = Cell(text: String(scalar), width: Int8(width), attributes: attributes)
        if width == 2 { lines[row].cells[col + 1] = Cell(text: "", width: 0, attributes: attributes) }
        col += width
        if col >= cols {
            col = cols - 1
            pendingWrap = autowrap
        }
    }

    /// Appends a zero-width scalar (combining mark) to the character before the cursor.
    private mutating func combine(_ scalar: Unicode.Scalar) {
        var target = pendingWrap ? col : col - 1
        guard target >= 0 else { return }
        if lines[row].cells[target].width == 0 && target > 0 { target -= 1 }
        lines[row].cells[target].text.unicodeScalars.append(scalar)
    }

    /// Marks the row as soft-wrapped and moves to the start of the next one.
    private mutating func wrapToNextLine() {
        lines[row].wrapped = true
        col = 0
        pendingWrap = false
        index()
    }

    /// Before `c` is overwritten, blanks the other half of a wide character it belongs to.
    private mutating func detachWide(_ r: Int, _ c: Int) {
        guard c < cols else { return }
        let cell = lines[r].cells[c]
        if cell.width == 0 && c > 0 {
            lines[r].cells[c - 1] = .blank(lines[r].cells[c - 1].attributes.erased)
        } else if cell.width == 2 && c + 1 < cols {
            lines[r].cells[c + 1] = .blank(lines[r].cells[c + 1].attributes.erased)
        }
    }

    // MARK: Cursor

    /// Moves the cursor, clamped to the screen; any move cancels a pending wrap.
    public mutating func moveCursor(row newRow: Int, col newCol: Int) {
        row = min(max(newRow, 0), rows - 1)
        col = min(max(newCol, 0), cols - 1)
        pendingWrap = false
    }

    /// CUU: up `n`, stopping at the top margin when starting inside the region.
    public mutating func cursorUp(_ n: Int) {
        moveCursor(row: max(row - n, row >= top ? top : 0), col: col)
    }

    /// CUD: down `n`, stopping at the bottom margin when starting inside the region.
    public mutating func cursorDown(_ n: Int) {
        moveCursor(row: min(row + n, row <= bottom ? bottom : rows - 1), col: col)
    }

    /// CR: column 0.
    public mutating func carriageReturn() { moveCursor(row: row, col: 0) }

    /// BS: one column left, never past the margin.
    public mutating func backspace() { moveCursor(row: row, col: col - 1) }

    /// HT: the next multiple-of-8 tab stop, at most the last column.
    public mutating func tab() { moveCursor(row: row, col: min((col / 8 + 1) * 8, cols - 1)) }

    /// IND / LF: down one line, scrolling the region at its bottom margin.
    public mutating func index() {
        pendingWrap = false
        if row == bottom {
            scrollUp(1)
        } else if row < rows - 1 {
            row += 1
        }
    }

    /// RI: up one line, scrolling the region down at its top margin.
    public mutating func reverseIndex() {
        pendingWrap = false
        if row == top {
            scrollDown(1)
        } else if row > 0 {
            row -= 1
        }
    }

    /// DECSC.
    public mutating func saveCursor() {
        saved = SavedCursor(row: row, col: col, pendingWrap: pendingWrap, attributes: attributes)
    }

    /// DECRC: back to the saved state, or home with default rendition when none was saved.
    public mutating func restoreCursor() {
        let s = saved ?? SavedCursor(row: 0, col: 0, pendingWrap: false, attributes: Attributes())
        moveCursor(row: s.row, col: s.col)
        pendingWrap = s.pendingWrap
        attributes = s.attributes
    }

    /// DECSTBM: a scroll region from `first` to `last` (1-based, nil = screen edge); homes the cursor.
    public mutating func setScrollRegion(_ first: Int?, _ last: Int?) {
        let t = max((first ?? 1) - 1, 0)
        let b = min((last ?? rows) - 1, rows - 1)
        guard t < b else { return }
        top = t
        bottom = b
        moveCursor(row: 0, col: 0)
    }

    // MARK: Scrolling and lines

    /// SU: the region moves up `n` lines; lines leaving a region that starts at the top of the
    /// main screen go to scrollback (as in xterm).
    public mutating func scrollUp(_ n: Int) {
        for _ in 0..<min(n, bottom - top + 1) {
            let gone = lines.remove(at: top)
            if top == 0 && !alternateScreen { scrollback.append(gone) }
            lines.insert(Line(cols: cols, attributes: attributes.erased), at: bottom)
        }
    }

    /// SD: the region moves down `n` lines.
    public mutating func scrollDown(_ n: Int) {
        for _ in 0..<min(n, bottom - top + 1) {
            lines.remove(at: bottom)
            lines.insert(Line(cols: cols, attributes: attributes.erased), at: top)
        }
    }

    /// IL: `n` blank lines at the cursor row, pushing the rest of the region down.
    public mutating func insertLines(_ n: Int) {
        guard row >= top && row <= bottom else { return }
        for _ in 0..<min(n, bottom - row + 1) {
            lines.remove(at: bottom)
            lines.insert(Line(cols: cols, attributes: attributes.erased), at: row)
        }
        moveCursor(row: row, col: 0)
    }

    /// DL: removes `n` lines at the cursor row, pulling the rest of the region up.
    public mutating func deleteLines(_ n: Int) {
        guard row >= top && row <= bottom else { return }
        for _ in 0..<min(n, bottom - row + 1) {
            lines.remove(at: row)
            lines.insert(Line(cols: cols, attributes: attributes.erased), at: bottom)
        }
        moveCursor(row: row, col: 0)
    }

    // MARK: Erasing

    /// Blanks columns `range` of row `r` with the current background; touching the last
    /// column ends the row's soft wrap.
    public mutating func erase(row r: Int, columns range: Range<Int>) {
        let range = range.clamped(to: 0..<cols)
        guard !range.isEmpty else { return }
        detachWide(r, range.lowerBound)
        detachWide(r, range.upperBound - 1)
        for c in range { lines[r].cells[c] = .blank(attributes.erased) }
        if range.upperBound == cols { lines[r].wrapped = false }
    }

    /// EL 0/1/2.
    public mutating func eraseInLine(_ mode: Int) {
        switch mode {
        case 0: erase(row: row, columns: col..<cols)
        case 1: erase(row: row, columns: 0..<(col + 1))
        case 2: erase(row: row, columns: 0..<cols)
        default: return
        }
        pendingWrap = false
    }

    /// ED 0/1/2 (3 clears scrollback).
    public mutating func eraseInDisplay(_ mode: Int) {
        switch mode {
        case 0:
            erase(row: row, columns: col..<cols)
            for r in (row + 1)..<rows { erase(row: r, columns: 0..<cols) }
        case 1:
            for r in 0..<row { erase(row: r, columns: 0..<cols) }
            erase(row: row, columns: 0..<(col + 1))
        case 2:
            for r in 0..<rows { erase(row: r, columns: 0..<cols) }
        case 3:
            scrollback.removeAll()
        default: return
        }
        pendingWrap = false
    }

    /// ECH: blanks `n` cells from the cursor without moving it.
    public mutating func eraseCharacters(_ n: Int) {
        erase(row: row, columns: col..<(col + n))
        pendingWrap = false
    }

    /// ICH: shifts the rest of the row right by `n` blanks.
    public mutating func insertCharacters(_ n: Int) {
        detachWide(row, col)
        let count = min(n, cols - col)
        lines[row].cells.insert(contentsOf: Array(repeating: .blank(attributes.erased), count: count), at: col)
        lines[row].cells.removeLast(count)
        if lines[row].cells[cols - 1].width == 2 { lines[row].cells[cols - 1] = .blank() }
        pendingWrap = false
    }

    /// DCH: removes `n` cells at the cursor, pulling the rest of the row left.
    public mutating func deleteCharacters(_ n: Int) {
        detachWide(row, col)
        let count = min(n, cols - col)
        detachWide(row, col + count - 1)
        lines[row].cells.removeSubrange(col..<(col + count))
        lines[row].cells.append(contentsOf: Array(repeating: .blank(attributes.erased), count: count))
        pendingWrap = false
    }

    // MARK: Modes

    /// DECTCEM.
    public mutating func setCursorVisible(_ visible: Bool) { cursorVisible = visible }

    /// DECAWM.
    public mutating func setAutowrap(_ on: Bool) {
        autowrap = on
        if !on { pendingWrap = false }
    }

    /// Alternate screen (47/1047/1049): `saveCursor` for 1049, `clear` the alternate grid on entry.
    public mutating func setAlternateScreen(_ on: Bool, saveCursor save: Bool) {
        guard on != alternateScreen else { return }
        if on {
            if save { savedForAlternate = SavedCursor(row: row, col: col, pendingWrap: pendingWrap, attributes: attributes) }
            savedMainLines = lines
            lines = Array(repeating: Line(cols: cols), count: rows)
            alternateScreen = true
        } else {
            lines = savedMainLines ?? lines
            savedMainLines = nil
            alternateScreen = false
            if save, let s = savedForAlternate {
                moveCursor(row: s.row, col: s.col)
                pendingWrap = s.pendingWrap
                attributes = s.attributes
            }
        }
    }

    /// RIS: everything back to power-on state except scrollback.
    public mutating func reset() {
        let kept = scrollback
        self = Screen(rows: rows, cols: cols)
        scrollback = kept
    }

    /// Remembers a sequence that expects a reply.
    public mutating func recordQuery(_ sequence: String) { queries.append(sequence) }

    /// Remembers an OSC window title.
    public mutating func setWindowTitle(_ title: String) { windowTitle = title }
}
