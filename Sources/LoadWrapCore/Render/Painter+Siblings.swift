/// The rows of commands running side by side under this loadwrap: drawn under the line, in one
/// block with it, and erased with it: the line's erase takes the block's rows (`Overlay.drewBlock`).
extension Painter {
    /// The rows are now `rows` (none: the line alone); they show at the next frame, which is due now.
    package mutating func setSiblings(_ rows: [SiblingRow], nowMS: Int) {
        block.siblings.update(rows, nowMS: nowMS)
        overlay.redrawNow()
    }
}
