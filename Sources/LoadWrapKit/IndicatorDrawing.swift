import LoadWrapCore

/// What a `LoadIndicator` draws on its terminal: the line while started, with the tail's window
/// above it and the rows of work going on at once under it (`Block`), each drawing made for the
/// terminal's size at the time. Touched only on the indicator's queue.
struct IndicatorDrawing {
    /// Frames, colour and charset, fixed at creation.
    let look: Overlay.Look
    /// Milliseconds after a start before the line first shows.
    let delayMS: Int
    /// How many lines of fed output show above the line; 0: held without a window.
    let tailLines: Int
    /// The line while started (shown or still within the delay); nil while stopped.
    var overlay: Overlay?
    /// The tail's window while started with one, and the rows, which outlive a stop: they are the
    /// caller's pieces of work, shown again at the next start.
    var block: Block

    /// Nothing drawn yet, on a screen `screenRows` tall.
    init(look: Overlay.Look, delayMS: Int, tailLines: Int, screenRows: Int) {
        (self.look, self.delayMS, self.tailLines) = (look, delayMS, tailLines)
        block = Block(tail: nil, screenRows: screenRows)
    }

    /// Opens the window on held output, when one was asked for, on a screen `screenRows` tall.
    mutating func openWindow(screenRows: Int) {
        if tailLines > 0 { block.tail = Tail(capacity: tailLines, screenRows: screenRows) }
    }

    /// The bytes that draw the line, or the tail's block, with the rows, for a terminal `columns`
    /// wide and `screenRows` tall; unless `advancing`, the frame last drawn. While started.
    mutating func draw(nowMS: Int, advancing: Bool, columns: Int, screenRows: Int) -> [UInt8] {
        overlay!.columns = columns
        block.screenRows = screenRows
        return block.draw(&overlay!, nowMS: nowMS, advancing: advancing)
    }

    /// The bytes that erase the line (and block) on a terminal now `columns` wide and `screenRows`
    /// tall: a resize since the draw may have rewrapped what was drawn (`Overlay.resize`). While
    /// started.
    mutating func erase(columns: Int, screenRows: Int) -> [UInt8] {
        overlay!.resize(columns: columns, shorter: block.resize(screenRows: screenRows))
        return overlay!.erase()
    }

    /// Forgets the line and the window, once erased; the rows stay.
    mutating func stop() {
        overlay = nil
        block.tail = nil
    }
}
