/// A run that hosts no blocks: not in plain mode, or nested in another loadwrap.
package struct NoHostedBlocks: BlockHost {
    /// Nothing to host.
    package init() {}

    /// Nothing to make.
    package func prepare() {}

    /// Never a block waiting.
    package var hasWaiting: Bool { false }

    /// No run leaves a block here.
    package func announced(pid: Int32) {}

    /// Nothing to write.
    package func writeWaiting(last: Bool, _ write: (LeftBlock) -> Void) {}
}
