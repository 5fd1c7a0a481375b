/// The window on the last lines: the command's output held for it, until it needs the terminal
/// itself.
extension Painter {
    /// Follows a chunk of the command's output held for the tail; true when that output now needs
    /// the terminal itself (`giveWay`).
    package mutating func hold(_ chunk: UnsafeRawBufferPointer) -> Bool {
        block.tail?.hold(chunk)
        return block.tail?.needsTerminal ?? false
    }

    /// The bytes that take the tail's block away for good: the held output is then shown as it is
    /// (through `around`), and the line goes on as it does without a tail.
    package mutating func giveWay() -> [UInt8] {
        block.tail = nil
        return overlay.erase()
    }
}
