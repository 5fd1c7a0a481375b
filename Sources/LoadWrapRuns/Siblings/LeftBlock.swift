/// A block a nested run left in the control directory for the run above to write, whole and once.
package struct LeftBlock {
    /// The block's file.
    let path: String

    /// Hands the block to `body` in chunks, then removes it.
    package func write(_ body: (UnsafeRawBufferPointer) -> Void) {
        SiblingBlocks.write(path, body)
    }
}
