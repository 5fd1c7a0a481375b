/// A run in plain mode's side of the blocks that runs nested in it side by side leave for it
/// (`HostedBlocks`), or none (`NoHostedBlocks`): what its presenter asks, with no sibling
/// machinery in view.
package protocol BlockHost {
    /// A nested run started: what runs side by side share is made, once (the first time).
    func prepare()
    /// True while an announced block waits to be written: the turn is tried again soon.
    var hasWaiting: Bool { get }
    /// The run `pid` left its block.
    func announced(pid: Int32)
    /// Hands each block waiting to `write`, whole, once no nested run streams. The `last` time
    /// (the attempt's end) waits a while for runs still ending, then hands every block left.
    func writeWaiting(last: Bool, _ write: (LeftBlock) -> Void)
}
