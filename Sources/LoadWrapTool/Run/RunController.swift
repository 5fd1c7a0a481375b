import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns

/// The policy of one run, between the parsed options and the event loop: what the watchers do
/// with the command's output, what a control message changes, when the spinner stops early, and
/// what the end line reports. The presenter is driven from here alone; only the relays hand it the
/// command's output, chunk by chunk, as they read it.
final class RunController {
    /// What the run is watched for, from the options.
    struct Watches {
        /// `--until`: the spinner stops at the first line that matches.
        var until: WatchPattern?
        /// `--progress-from`: each line's value is the progress shown.
        var progress: ProgressPattern?
    }

    private let presenter: any Presenter
    /// Titles and progress from the control channel.
    private let control: ControlHandler
    /// Every run this one heard of, itself included.
    var runTree: RunTree { control.tree }
    private let watches: Watches
    private let clock: any TimeSource
    private let startMS: Int
    /// Why the spinner stopped early, noted when it happened and shown once the loop has written
    /// the output that caused it.
    private var pendingStop: EarlyStop?
    /// True once the spinner has stopped while the command runs on.
    private(set) var stoppedEarly = false
    /// How long after the start the early stop was shown, once it was.
    private(set) var stoppedAfterMS: Int?

    init(presenter: any Presenter, control: ControlHandler, watches: Watches, clock: any TimeSource, startMS: Int) {
        self.presenter = presenter
        self.control = control
        self.watches = watches
        self.clock = clock
        self.startMS = startMS
    }

    /// The command is about to start.
    func started() {
        presenter.started()
    }

    /// The command could not be started: `message` is the one-line reason.
    func failedToStart(_ message: String) {
        presenter.failedToStart(message)
    }

    /// loadwrap had to end the command (it could no longer watch it): `message` is the one-line reason.
    func cannotGoOn(_ message: String) {
        presenter.cannotGoOn(message)
    }

    /// Acts on one message of the control channel.
    func handle(_ message: ControlMessage) {
        for effect in control.handle(message, nowMS: clock.nowMS()) {
            switch effect {
            case .title(let title, restored: true): presenter.titleRestored(title)
            case .title(let title, restored: false): presenter.titleChanged(title)
            case .progress(let value): presenter.progressChanged(value)
            case .done(let text): stopEarly(.done(message: text))
            case .makeWay: presenter.makeWay()
            case .rows(let rows): presenter.rowsChanged(rows)
            case .titleBesideSibling(let title): presenter.titleRestored(title)  // no line: the block heads it
            case .block(let pid): presenter.blockWaiting(pid: pid)
            case .nestedRunStarted: presenter.nestedRunStarted()
            case .stepEnded(let run): presenter.stepEnded(run)
            }
        }
    }

    /// Taps the output for `--until`, untapped at its first match, and `--progress-from`, which
    /// reports as `loadwrap progress` would.
    func watch(_ plumbing: Plumbing) {
        var until = watches.until.map(LineWatch.init)
        let progress = watches.progress.map(ProgressWatch.init)
        guard until != nil || progress != nil else { return }
        plumbing.tap { [unowned self, unowned plumbing] chunk in
            if let value = progress?.feed(chunk) { handle(.progress(value)) }
            guard let watch = until, watch.feed(chunk) else { return }
            until = nil
            if progress == nil { plumbing.tap(nil) }
            stopEarly(.matched)
        }
    }

    /// What the end line reports of a command that ended so: a timeout, a pattern that never
    /// matched, or the command's own end.
    func outcome(_ end: ChildEnd, timeout: Timeout?) -> Outcome {
        if let timeout, timeout.expired { return .timedOut(afterMS: timeout.limitMS) }
        if let pattern = watches.until, !stoppedEarly { return .neverMatched(end, pattern: pattern.text) }
        return .ended(end)
    }

    /// The run has ended as `end` says, usually taking `usualMS`: its own record in the run tree,
    /// held output if it failed, the end line, then what the presenter keeps of the whole tree
    /// (the job summary).
    func finished(_ outcome: Outcome, elapsedMS: Int, end: ChildEnd, usualMS: Int?) {
        control.finish(status: end, usualMS: usualMS, nowMS: clock.nowMS())
        presenter.finished(outcome, elapsedMS: elapsedMS, afterEarlyStop: stoppedEarly)
        presenter.summarize(control.tree, outcome: outcome, elapsedMS: elapsedMS)
    }

    /// The attempt failed and the command runs again: its end line says when.
    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) {
        presenter.retrying(outcome, elapsedMS: elapsedMS, note: note)
    }

    /// Notes the first early stop; later ones change nothing.
    private func stopEarly(_ stop: EarlyStop) {
        guard !stoppedEarly else { return }
        stoppedEarly = true
        pendingStop = stop
    }
}

extension RunController: LoopEvents {
    var deadlineMS: Int? { presenter.deadlineMS }

    /// Shows an early stop noted during the turn, after the output that caused it.
    func turnEnded() {
        guard let stop = pendingStop else { return }
        pendingStop = nil
        let elapsedMS = clock.nowMS() - startMS
        stoppedAfterMS = elapsedMS
        presenter.stoppedEarly(stop, elapsedMS: elapsedMS)
    }

    func tick() { presenter.tick() }
    func resized() { presenter.resized() }
    func suspend() { presenter.suspend() }
    func resume() { presenter.resume() }
    func signalKeyTyped() { presenter.signalKeyTyped() }
}
