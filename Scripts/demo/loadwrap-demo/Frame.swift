import TerminalModel

/// What the demo's terminal shows at one moment: the cells of its visible rows and the cursor.
struct Frame: Equatable, Sendable {
    /// Where a visible cursor stands.
    struct Cursor: Equatable, Sendable {
        var row: Int
        var col: Int
    }

    var rows: [[Cell]]
    /// Nil while the cursor is hidden (loadwrap hides it while the spinner shows).
    var cursor: Cursor?

    /// The screen as it is now (scrollback is not part of the picture).
    init(_ screen: Screen) {
        rows = screen.lines.map(\.cells)
        cursor = screen.cursorVisible ? Cursor(row: screen.row, col: screen.col) : nil
    }
}

/// A frame and when it appears, in seconds from the start of the demo.
struct TimedFrame: Equatable, Sendable {
    var frame: Frame
    var time: Double
}
