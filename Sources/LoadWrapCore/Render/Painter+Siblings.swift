/// The rows of commands running side by side under this loadwrap: drawn under the line, in one
/// block with it, and erased with it: the line's erase takes the block's rows (`Overlay.drewBlock`).
extension Painter {
    /// The rows are now `rows` (none: the line alone); they show at the next frame, which is due now.
    package mutating func setSiblings(_ rows: [SiblingRow], nowMS: Int) {
        siblings.update(rows, nowMS: nowMS)
        overlay.redrawNow()
    }

    /// The line and the rows under it, at the start of an empty line; unless `advancing`, as last
    /// drawn. The rows are many lines, so they go only where the line would: a line rewritten in
    /// place gets the line beside it alone.
    mutating func drawWithSiblings(nowMS: Int, advancing: Bool) -> [UInt8] {
        siblings.draw(&overlay, nowMS: nowMS, advancing: advancing, commandHidCursor: commandHidCursor,
                      commandDisabledAutowrap: commandDisabledAutowrap)
    }

    /// The tail's block with the rows under its line, in what room the window leaves them.
    mutating func drawTailWithSiblings(nowMS: Int) -> [UInt8] {
        let look = overlay.look, columns = overlay.columns
        return tail!.draw(&overlay, nowMS: nowMS) { room in
            siblings.rendered(look: look, columns: columns, nowMS: nowMS, advancing: true, room: room)
        }
    }
}
