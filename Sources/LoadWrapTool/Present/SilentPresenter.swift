import LoadWrapKit
import LoadWrapRuns

/// Silent mode: nothing of loadwrap's own is written. Output reaches it only when it passes
/// through loadwrap (`--quiet`, `--until`, beside a loadwrap that draws on the same terminal,
/// nested under one in plain mode); held output is still shown when the command fails. Where it
/// goes from here is its route's business (`OutputRoute`): straight on, in the terminal's turn,
/// or in a block of its own with plain mode's lines.
final class SilentPresenter: Presenter {
    /// Output held back by `--quiet`; nothing after an early stop (see `OverlayPresenter`).
    private var hold: OutputHold
    /// Where the command's output goes once it is not held.
    private let route: any OutputRoute

    /// Passes output on through `route` (by default straight to loadwrap's stderr), or holds it.
    init(held: HeldOutput?, route: any OutputRoute = DirectRoute()) {
        hold = OutputHold(held)
        self.route = route
    }

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if hold.keep(chunk) { return true }
        return route.write(chunk)
    }

    func started() {}
    func titleChanged(_ title: String) {
        route.said(title)
    }
    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) {
        hold.drop()
    }

    /// What was held, if the command failed, then whatever the route ends with.
    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
        hold.atEnd(failed: !outcome.succeeded)?.replay { _ = route.write($0) }
        route.finish(outcome, elapsedMS: elapsedMS)
    }

    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) {}

    /// What earlier attempts held (`--quiet`), as at a failed end, then the reason on a line of
    /// its own: a retry that cannot start ends the run.
    func failedToStart(_ message: String) {
        route.abandon(message, after: hold.atEnd(failed: true))
    }

    /// When the route next has something to do (a block's next try for the turn).
    var deadlineMS: Int? { route.deadlineMS }

    func tick() {
        route.tick()
    }
}
