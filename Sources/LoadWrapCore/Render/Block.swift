/// What goes with the spinner line, and the one place that composes the drawing: the tail's window
/// above the line with the rows of commands side by side under it, else the line with the rows,
/// else the line alone. The `Painter` and the library's `LoadIndicator` both draw through it, so
/// the choice between the three, and what each takes from the line, is written once.
package struct Block: Sendable {
    /// The window on the last lines of the held output, above the line; nil without one.
    package var tail: Tail?
    /// The rows of the work running side by side, under the line.
    package var siblings: SiblingRows

    /// `tail` (as it was made, for its own screen's height) and no rows yet, on a screen
    /// `screenRows` tall.
    package init(tail: Tail?, screenRows: Int) {
        self.tail = tail
        siblings = SiblingRows(screenRows: screenRows)
    }

    /// The terminal's height: it bounds the tail's block and caps the rows.
    package var screenRows: Int {
        get { siblings.screenRows }
        set {
            tail?.screenRows = newValue
            siblings.screenRows = newValue
        }
    }

    /// Takes the terminal's new height; true when it got shorter, which may have dropped rows the
    /// drawing reached below the cursor (`Overlay.resize`).
    package mutating func resize(screenRows rows: Int) -> Bool {
        defer { screenRows = rows }
        return rows < screenRows
    }

    /// The bytes that draw `overlay`'s line at `placement` with what goes with it; unless
    /// `advancing`, as last drawn. The tail's block always starts a line and is the library's
    /// own output, so it takes neither the placement nor the command's cursor and autowrap. The
    /// rows are many lines, so they go only where the line starts a line: beside a line rewritten
    /// in place the line goes alone. `commandHidCursor` and `commandDisabledAutowrap` as in
    /// `Overlay.draw`.
    package mutating func draw(
        _ overlay: inout Overlay, nowMS: Int, at placement: Overlay.Placement = .line, advancing: Bool = true,
        commandHidCursor: Bool = false, commandDisabledAutowrap: Bool = false
    ) -> [UInt8] {
        if tail != nil {
            let (look, columns) = (overlay.look, overlay.columns)
            let bytes = tail!.draw(&overlay, nowMS: nowMS, advancing: advancing) { room in
                siblings.rendered(look: look, columns: columns, nowMS: nowMS, advancing: advancing, room: room)
            }
            overlay.drewBlock(rowsBelow: tail!.rowsBelowLine)
            return bytes
        }
        if placement == .line && siblings.needsBlock {
            let bytes = siblings.draw(&overlay, nowMS: nowMS, advancing: advancing, commandHidCursor: commandHidCursor,
                                      commandDisabledAutowrap: commandDisabledAutowrap)
            overlay.drewBlock(rowsBelow: siblings.rowsBelowLine)
            return bytes
        }
        return overlay.draw(nowMS: nowMS, commandHidCursor: commandHidCursor, commandDisabledAutowrap: commandDisabledAutowrap,
                            at: placement, advancing: advancing)
    }
}
