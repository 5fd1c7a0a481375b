/// The rows of commands running side by side under this loadwrap: drawn under the line, in one
/// block with it (`TailBlock`), and erased with it, since the line's erase takes everything below
/// its row.
extension Painter {
    /// The rows are now `rows` (none: the line alone); they show at the next frame, which is due now.
    package mutating func setSiblings(_ rows: [SiblingRow], nowMS: Int) {
        siblings.update(rows, nowMS: nowMS)
        overlay.redrawNow()
    }

    /// The line and the rows under it, at the start of an empty line; unless `advancing`, as last
    /// drawn. Fewer rows than on the screen: the block is erased first (the line's erase takes it).
    /// The rows are many lines, so they go only where the line would: a line rewritten in place
    /// gets the line beside it alone.
    mutating func drawWithSiblings(nowMS: Int, advancing: Bool) -> [UInt8] {
        let rows = siblings.rendered(look: overlay.look, columns: overlay.columns, nowMS: nowMS, advancing: advancing)
        var bytes: [UInt8] = []
        if overlay.visible && rows.count < siblingBlock.belowCount { bytes += overlay.erase() }
        if !overlay.visible { siblingBlock.erased() }
        let line = overlay.draw(nowMS: nowMS, commandHidCursor: commandHidCursor, commandDisabledAutowrap: commandDisabledAutowrap,
                                advancing: advancing)
        return bytes + siblingBlock.draw(rows: [], spinner: line, below: rows, commandDisabledAutowrap: commandDisabledAutowrap)
    }
}
