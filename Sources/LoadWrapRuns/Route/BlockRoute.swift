import LoadWrapKit

/// The command's output among siblings nested under a loadwrap in plain mode: streamed with the
/// turn, held for a block of its own without it (`SiblingBlock`), the block framed by plain
/// mode's lines.
package final class BlockRoute: OutputRoute {
    /// This run's part in keeping its siblings' output apart.
    private let block: SiblingBlock
    /// Where the output goes: the log pipe to the loadwrap above.
    private let destination: Int32
    /// Tells when the turn is next tried.
    private let clock: any TimeSource
    /// When the turn is next tried while the output is held.
    private var nextTryMS = 0

    /// Streams or holds through `block`, writing to `destination` (loadwrap's stderr unless told).
    package init(_ block: SiblingBlock, clock: any TimeSource, destination: Int32 = 2) {
        self.block = block
        self.clock = clock
        self.destination = destination
    }

    /// Writes `chunk` with the turn, holds it otherwise.
    package func write(_ chunk: UnsafeRawBufferPointer) -> Bool {
        block.output(chunk, to: destination)
    }

    /// While the output is held, the `say` line goes in the block where it came.
    package func said(_ title: String) {
        block.said(title)
    }

    /// Closes the block with its end line, or leaves it for the loadwrap above.
    package func finish(_ outcome: Outcome, elapsedMS: Int) {
        block.finish(outcome, elapsedMS: elapsedMS, to: destination)
    }

    /// What was held, through the block, then `reason` closing it: in the block's turn, never
    /// inside a sibling's line.
    package func abandon(_ reason: String, after held: HeldOutput?) {
        held?.replay { _ = write($0) }
        block.abandon(reason, to: destination)
    }

    /// While the output is held, the turn is tried now and then even when the command is quiet,
    /// so that a run that has it streams as soon as it can.
    package var deadlineMS: Int? {
        block.isHeld ? nextTryMS : nil
    }

    /// Tries the turn again, at most every `turnRetryMS`, while the output is held.
    package func tick() {
        guard block.isHeld, clock.nowMS() >= nextTryMS else { return }
        nextTryMS = clock.nowMS() + Self.turnRetryMS
        block.retry(to: destination)
    }

    /// How often a run that holds its output for a block tries the turn.
    private static let turnRetryMS = 200
}
