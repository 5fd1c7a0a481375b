/// What a window on the last lines adds to the `Painter` while the command's output is held: the
/// window on that output, the block it is drawn in, and a watch on what in the output means the
/// command needs the terminal itself.
package struct Tail: Sendable {
    /// The last lines of the held output.
    private(set) var window: TailWindow
    /// The rows and the spinner line on the screen.
    var block = TailBlock()
    /// The terminal's height, which bounds the block's.
    package var screenRows: Int
    /// Follows the held output's effect on a terminal, as the painter follows output it shows.
    private var scanner = OutputScanner()
    /// How far down the held output would have taken the cursor bare: the block's bound.
    private var reach: TailReach

    /// A window of `capacity` lines on a terminal `screenRows` tall.
    package init(capacity: Int, screenRows: Int) {
        window = TailWindow(capacity: capacity)
        reach = TailReach(enough: capacity)
        self.screenRows = screenRows
    }

    /// Follows one chunk of held output.
    package mutating func hold(_ chunk: UnsafeRawBufferPointer) {
        window.feed(chunk)
        reach.feed(chunk, screenRows: screenRows)
        scanner.scan(chunk)
    }

    /// True once the held output has taken the screen over (a full-screen program, a scroll
    /// region): a window of lines cannot show that, so the output goes to the terminal as it is.
    var needsTerminal: Bool { scanner.alternateScreen || scanner.scrollRegion }

    /// True when the held output ends inside an escape sequence or a UTF-8 character: what is
    /// replayed must be followed by nothing of loadwrap's until the output ends it.
    var endsUnfinished: Bool { scanner.insideSequence }

    /// The rows to draw on a terminal `columns` wide: the last ones the screen's height allows,
    /// each cut to half the width, as the spinner line is, so a terminal that reflows never
    /// rewraps one when narrowed (`Overlay.drawnColumns`).
    ///
    /// No more rows than the bare output took below its first (`TailReach`), so where the block
    /// meets the bottom of a full screen it scrolls it no further than the bare run would have;
    /// a prompt on the lowest row the output reached shows too, with the spinner line below it.
    func rows(columns: Int) -> [[UInt8]] {
        let rows = window.rows
        let prompt = reach.atDeepest && window.writingLine ? 1 : 0
        let limit = min(TailBlock.rowLimit(capacity: window.capacity, screenRows: screenRows), reach.deepest + prompt)
        let width = Overlay.drawnColumns(columns)
        return rows.suffix(limit).map { $0.rendered(columns: width) }
    }

    /// The bytes that draw the block, rows then `overlay`'s line, for the overlay's width, then
    /// the rows `below` gives for the room the window leaves (the block stays within the screen's
    /// height less 2). A block with fewer rows than the one on the screen (a shorter terminal, a
    /// prompt erased, a row gone) is erased first; any erase of the line took the block with it
    /// (the cursor rests on the block's top row). Unless `advancing`, the line is the one last
    /// drawn (`Overlay.draw`).
    package mutating func draw(
        _ overlay: inout Overlay, nowMS: Int, advancing: Bool = true, below: (_ room: Int) -> [[UInt8]] = { _ in [] }
    ) -> [UInt8] {
        let rows = rows(columns: overlay.columns)
        let under = below(max(0, screenRows - 3 - rows.count))
        var bytes: [UInt8] = []
        if overlay.visible && (rows.count < block.rowCount || under.count < block.belowCount) { bytes += overlay.erase() }
        if !overlay.visible { block.erased() }
        let line = overlay.draw(nowMS: nowMS, commandHidCursor: false, advancing: advancing)
        bytes += block.draw(rows: rows, spinner: line, below: under)
        return bytes
    }

    /// How many rows the block drawn last reaches below the cursor, which rests on its top row;
    /// the line's erase takes them (`Overlay.drewBlock`).
    var rowsBelowLine: Int { block.rowCount + block.belowCount }
}
