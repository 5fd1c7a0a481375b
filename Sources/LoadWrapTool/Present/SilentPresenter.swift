import LoadWrapKit

/// Silent mode: nothing of loadwrap's own is written. Output reaches it only when it passes
/// through loadwrap (`--quiet`, `--until`, beside a loadwrap that draws on the same terminal);
/// held output is still shown when the command fails.
final class SilentPresenter: Presenter {
    /// Output held back by `--quiet`; nothing after an early stop (see `OverlayPresenter`).
    private var hold: OutputHold
    /// Where the command's log-bound output goes: loadwrap's stderr.
    private let destination: Int32
    /// Beside a loadwrap that draws on the same terminal: writes in the terminal's turn.
    private let beside: BesideWriter?

    /// Passes output on to `destination` (in the terminal's turn when `beside`), or holds it.
    init(held: HeldOutput?, beside: BesideWriter? = nil, destination: Int32 = 2) {
        hold = OutputHold(held)
        self.beside = beside
        self.destination = destination
    }

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if hold.keep(chunk) { return true }
        if let beside { return beside.write(chunk, to: destination) }
        return FileDescriptorIO.writeAll(destination, chunk)
    }

    func started() {}
    func titleChanged(_ title: String) {}
    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) {
        hold.drop()
    }

    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
        guard let held = hold.atEnd(failed: !outcome.succeeded) else { return }
        if let beside {
            held.replay { _ = beside.write($0, to: destination) }
        } else {
            held.replay(to: destination)
        }
    }

    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) {}

    /// What earlier attempts held (`--quiet`), as at a failed end, then the reason on a line of
    /// its own: a retry that cannot start ends the run.
    func failedToStart(_ message: String) {
        hold.beforeReason(to: destination)
        StandardStreams.err(message + "\n")
    }

    var deadlineMS: Int? { nil }
    func tick() {}
}
