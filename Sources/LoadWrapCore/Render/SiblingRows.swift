/// The rows of commands running side by side, under the spinner line: each with its own frame,
/// title, progress and elapsed time, counted from when this loadwrap first heard of it. Capped so
/// that line and rows take at most a third of the screen's height, the last row then saying how
/// many more run (`+34 more`): the block never fills the screen, however many run.
package struct SiblingRows: Sendable {
    /// A row and when it was first seen.
    private struct Shown: Sendable {
        var row: SiblingRow
        let startMS: Int
    }

    private var shown: [Shown] = []
    /// The screen's height, which caps the rows.
    package var screenRows: Int
    /// The line and the rows on the screen, drawn without a tail's window.
    private var block = TailBlock()
    /// The time the rows last drawn show, for putting them back as they were between frames.
    private var drawnMS: Int?
    /// The rows last rendered and what they were rendered for: put back after each chunk of
    /// output between frames, they are reused rather than laid out again.
    private var kept: (key: Key, rows: [[UInt8]])?

    /// What rendered rows depend on besides the time, which is the last drawn's between frames.
    private struct Key: Equatable {
        var columns: Int
        var limit: Int
        var version: Int
    }

    /// Counts the updates, so that kept rows are known to show the rows now.
    private var version = 0

    package init(screenRows: Int) {
        self.screenRows = screenRows
    }

    /// True when there are no rows to draw.
    package var isEmpty: Bool { shown.isEmpty }

    /// True when there are rows to draw, or rows drawn to take away.
    package var needsBlock: Bool { !shown.isEmpty || block.belowCount > 0 }

    /// The rows are now `rows`, in their order; those seen before keep their start time.
    package mutating func update(_ rows: [SiblingRow], nowMS: Int) {
        shown = rows.map { row in
            Shown(row: row, startMS: shown.first { $0.row.id == row.id }?.startMS ?? nowMS)
        }
        version += 1
    }

    /// How many rows may go under the line on a screen `screenRows` tall: line and rows are at most
    /// a third of it.
    static func limit(screenRows: Int) -> Int {
        max(0, screenRows / 3 - 1)
    }

    /// The indent that sets a row under the line's title.
    static let indent: [UInt8] = Array("  ".utf8)
    /// The fewest columns a row is drawn in: a frame, a space, a short time.
    static let narrowest = 8

    /// The rows' bytes (no cursor movement) for a terminal `columns` wide, each within the columns
    /// the spinner line keeps to (`Overlay.drawnColumns`), as of `nowMS`; unless `advancing`, as
    /// last drawn; at most `room` rows (nil: the third of the screen). Empty when the screen is too
    /// small for any.
    package mutating func rendered(look: Overlay.Look, columns: Int, nowMS: Int, advancing: Bool, room: Int? = nil) -> [[UInt8]] {
        let limit = min(Self.limit(screenRows: screenRows), room ?? .max)
        let key = Key(columns: columns, limit: limit, version: version)
        if !advancing, let kept, kept.key == key { return kept.rows }
        let timeMS = advancing ? nowMS : drawnMS ?? nowMS
        if advancing { drawnMS = nowMS }
        let rows = layout(look: look, width: Overlay.drawnColumns(columns) - Self.indent.count, limit: limit, timeMS: timeMS)
        kept = (key, rows)
        return rows
    }

    /// The rows at `timeMS`, `width` columns after the indent, at most `limit` of them.
    private func layout(look: Overlay.Look, width: Int, limit: Int, timeMS: Int) -> [[UInt8]] {
        guard width >= Self.narrowest, limit > 0 else { return [] }
        let fits = shown.count <= limit
        let rows = shown.prefix(fits ? limit : limit - 1).map { row($0, look: look, width: width, timeMS: timeMS) }
        return fits ? rows : rows + [more(shown.count - (limit - 1), look: look, width: width)]
    }

    /// One row: `  ⠙ step a 3s`, with the bar and figures when its command said how far it got.
    private func row(_ shown: Shown, look: Overlay.Look, width: Int, timeMS: Int) -> [UInt8] {
        let elapsed = max(0, timeMS - shown.startMS)
        let status: LineStatus = shown.row.progress.map { .progress($0, remainingMS: nil) } ?? .none
        let text = SpinnerLine.render(frame: look.style.frame(at: elapsed), title: shown.row.title, elapsedMS: elapsed,
                                      columns: width, appearance: look.appearance, status: status)
        return Self.indent + Array(text.utf8)
    }

    /// The last row when not all fit: how many more run.
    private func more(_ count: Int, look: Overlay.Look, width: Int) -> [UInt8] {
        let text = DisplayWidth.truncate("+\(count) more", toColumns: width - 1, ellipsis: "")
        return Self.indent + Array((look.color ? "\u{1B}[2m" + text + "\u{1B}[22m" : text).utf8)
    }

    /// The line at the start of an empty line and the rows under it, as one block; unless
    /// `advancing`, as last drawn. Fewer rows than on the screen: the block is erased first (the
    /// line's erase takes the rows under it, `Overlay.drewBlock`). The cursor's visibility and autowrap stay the
    /// command's where it set them (`Overlay.draw`).
    package mutating func draw(
        _ overlay: inout Overlay, nowMS: Int, advancing: Bool, commandHidCursor: Bool = false,
        commandDisabledAutowrap: Bool = false
    ) -> [UInt8] {
        let rows = rendered(look: overlay.look, columns: overlay.columns, nowMS: nowMS, advancing: advancing)
        let erase = overlay.visible && rows.count < block.belowCount ? overlay.erase() : []
        if !overlay.visible { block.erased() }
        let line = overlay.draw(nowMS: nowMS, commandHidCursor: commandHidCursor, commandDisabledAutowrap: commandDisabledAutowrap,
                                advancing: advancing)
        let drawing = block.draw(rows: [], spinner: line, below: rows, commandDisabledAutowrap: commandDisabledAutowrap)
        return erase.isEmpty ? drawing : erase + drawing
    }

    /// How many rows drawn last are under the line; the line's erase takes them (`Overlay.drewBlock`).
    var rowsBelowLine: Int { block.belowCount }
}
