/// One attempt's hosting of the blocks runs nested side by side leave (`SiblingBlocks`), with the
/// attempt's log relayed while it waits for the turn.
package struct HostedBlocks: BlockHost {
    /// The run's blocks, turn and locks.
    private let blocks: SiblingBlocks
    /// Relays what waits in the log's pipe, so that a block goes after what the run that
    /// streamed wrote before it let the turn go.
    private let relayLog: () -> Void

    /// Hosts `blocks`, relaying the attempt's log with `relayLog` while it waits.
    package init(_ blocks: SiblingBlocks, relayLog: @escaping () -> Void) {
        self.blocks = blocks
        self.relayLog = relayLog
    }

    /// How long the end waits for nested runs still ending (their blocks still to come, or one
    /// still streaming) before it writes the blocks left.
    private static let lastBlocksWaitMS = 5_000

    package func prepare() {
        blocks.makeTurn()
    }

    package var hasWaiting: Bool { blocks.hasPending }

    package func announced(pid: Int32) {
        blocks.announced(pid: pid)
    }

    /// Hands each block waiting to `write`, once no nested run streams. The `last` time (the
    /// attempt's end) waits a while for runs that held their output and still end (a command
    /// stopped by a signal may end before them), then hands every block left, announced or not,
    /// in the turn or, after that wait, without it: nothing a command wrote is lost. The log is
    /// relayed while it waits: a run that still streams must not block on a full pipe, holding
    /// the turn the wait is for.
    package func writeWaiting(last: Bool, _ write: (LeftBlock) -> Void) {
        if last {
            _ = blocks.running?.take(waitingMS: Self.lastBlocksWaitMS, meanwhile: relayLog)
            blocks.running?.release()
            // What those runs wrote to the log pipe before they ended (a block written in the
            // turn, an end line) is in the pipe now: relayed here, as the wait may not have run
            // once, and no later read comes when no block is left.
            relayLog()
        }
        guard last ? blocks.anyLeft : blocks.hasPending else { return }
        let turn = blocks.turn?.take(waitingMS: last ? Self.lastBlocksWaitMS : 0, meanwhile: relayLog) == true
        guard turn || last else { return }
        defer { blocks.turn?.release() }
        relayLog()
        for path in blocks.take(all: last) {
            write(LeftBlock(path: path))
        }
    }
}
