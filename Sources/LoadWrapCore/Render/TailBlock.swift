/// The tail window's rows and the spinner line below them, drawn as one block at the bottom of
/// the output: the exact bytes that draw it, redraw only what changed, and grow it.
///
/// Between writes the cursor rests at column 0 of the block's top row, so the spinner line's own
/// erase (`Overlay.erase`: the top row and each of the block's rows under it, told by
/// `Overlay.drewBlock`) takes the whole block, and survives what a terminal does on a resize: rows
/// within half the width are never rewrapped by one that reflows (see `Overlay.drawnColumns`), and
/// a terminal whose window gets shorter drops rows below the cursor first (tmux's
/// `screen_resize_y`), never the rows above it, which are the command's; after either, the erase
/// takes everything below the top row (`Overlay.resize`).
///
/// The block grows one row per line the command has finished, as its output would have grown
/// bare, so any scrolling it causes is scrolling the bare run would have caused too (README).
struct TailBlock: Sendable {
    /// The rows on the screen, top first, as drawn; the spinner line is below them.
    private var drawn: [[UInt8]] = []
    /// The rows under the spinner line, top first, as drawn.
    private var drawnBelow: [[UInt8]] = []
    /// True while the block is on the screen.
    private(set) var visible = false

    /// How many rows the window may show on a screen `screenRows` tall: the block (rows and
    /// spinner line) never takes more than `screenRows - 2`, so the line above it (the shell's
    /// command line) and one more stay in view; on 3 rows or fewer, the spinner line alone.
    static func rowLimit(capacity: Int, screenRows: Int) -> Int {
        max(0, min(capacity, screenRows - 3))
    }

    /// The bytes that show `rows` above the spinner line `spinner` (the bytes `Overlay.draw` made,
    /// from column 0 and back to it) and `below` under it (the rows of commands running side by
    /// side). From nothing, the cursor must be at the start of an empty line, where the block then
    /// begins; else the cursor is at its top. Rows drawn already and unchanged are not sent again; a
    /// block with more rows first makes room below (a line feed on the bottom row scrolls the
    /// screen, as the command's own lines would have). A block with fewer rows must be erased first
    /// (`erased`). Rows are written with autowrap off unless `commandDisabledAutowrap` (then the
    /// command's setting stands, as `Overlay.draw` leaves it). Ends with the cursor at the top,
    /// column 0.
    mutating func draw(rows: [[UInt8]], spinner: [UInt8], below: [[UInt8]] = [], commandDisabledAutowrap: Bool = false)
        -> [UInt8] {
        var bytes: [UInt8] = []
        // One allocation for the whole block: after every chunk of output it is drawn anew.
        bytes.reserveCapacity(spinner.count + Self.size(of: rows) + Self.size(of: below) + 32)
        if !visible {
            forgetDrawn()
            visible = true
        }
        precondition(rows.count >= drawn.count && below.count >= drawnBelow.count, "a shorter block is drawn after an erase")
        let bottom = rows.count + below.count
        if rows.count > drawn.count || below.count > drawnBelow.count {
            // Room first, down past the last row, then back to the (maybe higher) top.
            Self.move(&bytes, from: 0, to: bottom)
            Self.move(&bytes, from: bottom, to: 0)
            // Rows added above move the line and the rows under it down.
            if rows.count > drawn.count { drawnBelow.removeAll(keepingCapacity: true) }
            drawn.append(contentsOf: repeatElement(Self.unknown, count: rows.count - drawn.count))
            drawnBelow.append(contentsOf: repeatElement(Self.unknown, count: below.count - drawnBelow.count))
        }
        var at = 0
        var autowrap = Autowrap(commandDisabled: commandDisabledAutowrap)
        for (index, row) in rows.enumerated() where drawn[index] != row {
            Self.move(&bytes, from: at, to: index)
            Self.append(&bytes, row: row, autowrap: &autowrap)
            at = index
            drawn[index] = row
        }
        autowrap.restore(&bytes)  // the spinner line sets it its own way
        Self.move(&bytes, from: at, to: rows.count)
        bytes += spinner
        at = rows.count
        for (index, row) in below.enumerated() where drawnBelow[index] != row {
            Self.move(&bytes, from: at, to: rows.count + 1 + index)
            Self.append(&bytes, row: row, autowrap: &autowrap)
            at = rows.count + 1 + index
            drawnBelow[index] = row
        }
        autowrap.restore(&bytes)
        Self.move(&bytes, from: at, to: 0)
        return bytes
    }

    /// Autowrap off while rows are written, where the command has not switched it off: once
    /// before the first row of a run of rows and back on after the last, not around each row, as
    /// the block is drawn again after every chunk of output and each switch is ten bytes more.
    private struct Autowrap {
        let commandDisabled: Bool
        private var off = false

        init(commandDisabled: Bool) {
            self.commandDisabled = commandDisabled
        }

        /// Off before a row, unless it is already or the command's setting stands.
        mutating func offForRow(_ bytes: inout [UInt8]) {
            guard !commandDisabled, !off else { return }
            bytes += TailBlock.autowrapOff
            off = true
        }

        /// Back on after rows written with it off.
        mutating func restore(_ bytes: inout [UInt8]) {
            guard off else { return }
            bytes += TailBlock.autowrapOn
            off = false
        }
    }

    /// Appends `row` at column 0 of the cursor's row: the rest of the row erased, back at column 0,
    /// with autowrap off while it is written unless the command switched it off.
    private static func append(_ bytes: inout [UInt8], row: [UInt8], autowrap: inout Autowrap) {
        autowrap.offForRow(&bytes)
        bytes += carriageReturn
        bytes += row
        bytes += eraseLine
        bytes += carriageReturn
    }

    /// The bytes a row adds around its text, at most.
    private static let rowExtra = 16

    /// The bytes `rows` take at most, drawn.
    private static func size(of rows: [[UInt8]]) -> Int {
        rows.reduce(0) { $0 + $1.count + rowExtra }
    }

    /// Notes that the block was erased (its top row and the rows under it, from the top).
    mutating func erased() {
        visible = false
        forgetDrawn()
    }

    /// Forgets the rows drawn, keeping the arrays' storage for the next drawing.
    private mutating func forgetDrawn() {
        drawn.removeAll(keepingCapacity: true)
        drawnBelow.removeAll(keepingCapacity: true)
    }

    /// The number of rows now above the spinner line.
    var rowCount: Int { drawn.count }
    /// The number of rows now under the spinner line.
    var belowCount: Int { drawnBelow.count }

    /// A row that matches no drawn bytes: the bytes of a cell that is not on the screen yet.
    private static let unknown: [UInt8] = [0xFF]

    /// The cursor from row `from` to row `to` of the block, in its column (0): down by line feeds,
    /// up by CUU. Down is never CUD, which stops at the screen's bottom: between a terminal getting
    /// shorter (its rows below the cursor dropped) and loadwrap hearing of it, a CUD would stop
    /// short, and the CUU back would land above the block, on the command's rows. A line feed
    /// there scrolls instead, keeping the block's rows where the moves expect them.
    private static func move(_ bytes: inout [UInt8], from: Int, to: Int) {
        if to > from { bytes.append(contentsOf: repeatElement(0x0A, count: to - from)) }
        if to < from { appendCursorUp(&bytes, by: from - to) }
    }

    /// CUU `count`, its number written digit by digit: drawn after every chunk of output, it
    /// allocates nothing.
    private static func appendCursorUp(_ bytes: inout [UInt8], by count: Int) {
        bytes += [0x1B, 0x5B]
        var divisor = 1
        while divisor * 10 <= count { divisor *= 10 }
        while divisor > 0 {
            bytes.append(0x30 + UInt8(count / divisor % 10))
            divisor /= 10
        }
        bytes.append(0x41)
    }

    private static let carriageReturn: [UInt8] = [0x0D]
    private static let eraseLine: [UInt8] = Array("\u{1B}[K".utf8)
    /// Autowrap off while a row is written: a row laid out for a width the terminal has just left
    /// stays on one row (as the spinner line does).
    private static let autowrapOff: [UInt8] = Array("\u{1B}[?7l".utf8)
    private static let autowrapOn: [UInt8] = Array("\u{1B}[?7h".utf8)
}
