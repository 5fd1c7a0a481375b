import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns

/// Silent mode: nothing of loadwrap's own is written. Output reaches it only when it passes
/// through loadwrap (`--quiet`, `--until`, beside a loadwrap that draws on the same terminal,
/// nested under one in plain mode); held output is still shown when the command fails. Nested
/// under plain mode beside a sibling, the output is held for a block of its own, which has
/// plain mode's lines (`SiblingBlock`).
final class SilentPresenter: Presenter {
    /// Output held back by `--quiet`; nothing after an early stop (see `OverlayPresenter`).
    private var hold: OutputHold
    /// Where the command's log-bound output goes: loadwrap's stderr.
    private let destination: Int32
    /// Beside a loadwrap that draws on the same terminal: writes in the terminal's turn.
    private let beside: BesideWriter?
    /// Nested under a loadwrap in plain mode: streams, or holds for a block.
    private let block: SiblingBlock?
    /// When the turn is next tried while the output is held for a block.
    private var nextTryMS = 0
    private let clock: any TimeSource

    /// Passes output on to `destination` (in the terminal's turn when `beside`, or through
    /// `block`), or holds it.
    init(held: HeldOutput?, beside: BesideWriter? = nil, block: SiblingBlock? = nil, clock: any TimeSource = MonotonicClock(),
         destination: Int32 = 2) {
        hold = OutputHold(held)
        self.beside = beside
        self.block = block
        self.clock = clock
        self.destination = destination
    }

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if hold.keep(chunk) { return true }
        return pass(chunk)
    }

    private func pass(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if let block { return block.output(chunk, to: destination) }
        if let beside { return beside.write(chunk, to: destination) }
        return FileDescriptorIO.writeAll(destination, chunk)
    }

    func started() {}
    func titleChanged(_ title: String) {
        block?.said(title)
    }
    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) {
        hold.drop()
    }

    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
        defer { block?.finish(outcome, elapsedMS: elapsedMS, to: destination) }
        guard let held = hold.atEnd(failed: !outcome.succeeded) else { return }
        if block != nil {
            held.replay { _ = pass($0) }
        } else if let beside {
            held.replay { _ = beside.write($0, to: destination) }
        } else {
            held.replay(to: destination)
        }
    }

    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) {}

    /// What earlier attempts held (`--quiet`), as at a failed end, then the reason on a line of
    /// its own: a retry that cannot start ends the run. In a block, the reason closes it, so it
    /// is written in the block's turn, never inside a sibling's line.
    func failedToStart(_ message: String) {
        guard let block else {
            hold.beforeReason(to: destination)
            return StandardStreams.err(message + "\n")
        }
        hold.atEnd(failed: true)?.replay { _ = pass($0) }
        block.abandon(message, to: destination)
    }

    /// While the output is held for a block, the turn is tried now and then even when the
    /// command is quiet, so that a run that has it streams as soon as it can.
    var deadlineMS: Int? {
        guard block?.isHeld == true else { return nil }
        return nextTryMS
    }

    func tick() {
        guard let block, block.isHeld, clock.nowMS() >= nextTryMS else { return }
        nextTryMS = clock.nowMS() + Self.turnRetryMS
        block.retry(to: destination)
    }

    /// How often a run that holds its output for a block tries the turn.
    private static let turnRetryMS = 200
}
