import LoadWrapCore
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of `loadwrap [options] -- command`: the mode and the topology decided once, the
/// presenter of the mode told what happens, and loadwrap ended as the command ended. No mode
/// branches below `init` and `stage`: what each mode shows is its presenter's business.
struct Session {
    /// What the command line asked for.
    let options: Options
    /// Overlay, plain or silent, decided once at start.
    let mode: Mode
    /// Whether the terminal or log takes UTF-8 (else ASCII marks and frames).
    let utf8: Bool
    /// Colour for the overlay and its end line; never in plain mode, which writes no escapes.
    let color: Bool
    /// The loadwrap that draws the one spinner when this one does not (nested, or beside it in a
    /// pipeline); this one reports to it.
    let upstream: Upstream?
    /// The channel for this run's command's `say`/`done` and runs nested in it; a channel of its
    /// own even when nested, so they act on this run.
    let control: ControlChannel?
    /// The terminal's lock, while this loadwrap draws the one spinner on it.
    let lock: TerminalLock?
    /// The variables loadwrap reads (`ProcessEnvironment.names`).
    let environment: [String: String]
    /// Where elapsed times come from.
    let clock: any TimeSource
    /// Remembered durations, or nil when off.
    let history: History?

    /// Decides the mode, charset and colour from the options and the environment.
    init(_ options: Options, environment: [String: String], clock: any TimeSource = MonotonicClock()) {
        self.options = options
        self.environment = environment
        control = ControlChannel(environment: environment)
        let chosen = ModeChoice.choose(request: options.mode, stderrIsTerminal: isatty(2) == 1, environment: environment)
        // One spinner per terminal: under another loadwrap, or beside one on the same terminal, stay silent.
        if let outer = ControlClient(environment: environment) {
            (mode, upstream, lock) = (.silent, Upstream(client: outer, relation: .nested), nil)
        } else if chosen == .overlay && isatty(2) == 1 {
            (mode, upstream, lock) = Self.claim(environment: environment, channel: control)
        } else {
            (mode, upstream, lock) = (chosen, nil, nil)
        }
        utf8 = LocaleCheck.isUTF8(environment)
        color = ColorChoice.enabled(request: options.color, mode: mode, environment: environment)
        self.clock = clock
        history = History(options, environment: environment)
    }

    /// The overlay if this loadwrap gets the terminal's lock; else silent, reporting to the one
    /// that has it: a loadwrap left of it in a pipeline (stdout a pipe, stdin not) shows before it.
    private static func claim(environment: [String: String], channel: ControlChannel?) -> (Mode, Upstream?, TerminalLock?) {
        switch TerminalLock.acquire(terminal: 2, environment: environment, channelPath: channel?.path) {
        case .drawing(let lock):
            return (.overlay, nil, lock)
        case .taken(let path):
            let before = SharedPipe(fd: 1) != nil && SharedPipe(fd: 0) == nil
            let upstream = path.flatMap(ControlClient.init(path:)).map { Upstream(client: $0, relation: .beside(before: before)) }
            return (.silent, upstream, nil)
        }
    }

    /// Runs the command and ends loadwrap as it ended.
    func run() -> Never {
        let startMS = clock.nowMS()
        let stopper = EarlyStopper()
        let wrapper: Wrapper
        do {
            wrapper = try start(startMS: startMS, control: control, stopper: stopper)
        } catch {
            leave()
            lock?.release()
            exit(error.exitCode)
        }
        let end = wrapper.wait()
        leave()
        let outcome = finalOutcome(end, timeout: wrapper.timeout, stoppedEarly: stopper.stopped)
        let elapsedMS = clock.nowMS() - startMS
        wrapper.presenter.finished(outcome, elapsedMS: elapsedMS, afterEarlyStop: stopper.stopped)
        wrapper.releaseKeyboard()
        lock?.release()
        // The spinner of a run stopped early (`--until`, `loadwrap done`) ended well when it stopped.
        history?.remember(elapsedMS: stopper.stoppedAfterMS ?? elapsedMS, succeeded: stopper.stopped || outcome.succeeded)
        ExitPlan.decide(end: end, timeout: wrapper.timeout).perform()
    }

    /// Removes this run's channel and leaves the spinner of the loadwrap it reports to; the
    /// terminal's lock goes last, once nothing more is drawn. Nothing of the run outlives it.
    private func leave() {
        control?.remove()
        upstream?.leave()
    }

    /// Sets up the stage, tells the presenter, and starts the command; on failure the presenter
    /// has said why.
    private func start(startMS: Int, control: ControlChannel?, stopper: EarlyStopper) throws(SpawnError) -> Wrapper {
        let stage: Stage
        do {
            stage = try Stage(self, startMS: startMS)
        } catch {
            StandardStreams.err(error.message + "\n")  // no presenter yet to say it
            throw error
        }
        let presenter = stage.presenter
        presenter.started()
        upstream?.announce(options.resolvedTitle)
        let handler = ControlHandler(title: options.resolvedTitle, upstream: upstream, utf8: utf8, presenter: presenter) {
            stopper.stop(.done(message: $0))
        }
        let sources: [any EventSource] = control.map { channel in
            [ReadableSource(fd: channel.readFD) { channel.drain().forEach(handler.handle) }]
        } ?? []
        let configuration = Wrapper.Configuration(
            command: options.command, topology: stage.topology,
            timeout: options.timeoutMS.map { ($0, options.killAfterMS) },
            environment: control.map { [ControlChannel.variable: $0.path] } ?? [:])
        do {
            let wrapper = try Wrapper(configuration, plumbing: stage.plumbing, presenter: presenter, terminal: stage.terminal,
                                      sources: sources, startMS: startMS, clock: clock)
            watchOutput(stage.plumbing, stopper: stopper, handler: handler)
            wrapper.afterTurn = { stopper.report(to: presenter, elapsedMS: clock.nowMS() - startMS) }
            if let control { Leftovers.sweep(control.parent, keeping: control.directory) }
            return wrapper
        } catch {
            presenter.failedToStart(error.message)
            throw error
        }
    }

    /// Taps the output for `--until`, removed at its first match, and `--progress-from`, which
    /// reports as `loadwrap progress` would.
    private func watchOutput(_ plumbing: Plumbing, stopper: EarlyStopper, handler: ControlHandler) {
        var until = options.until.flatMap { try? LineWatch(pattern: $0) }
        let progress = options.progressFrom.flatMap { try? ProgressWatch(pattern: $0) }
        guard until != nil || progress != nil else { return }
        plumbing.tap { [unowned plumbing] chunk in
            if let value = progress?.feed(chunk) { handler.handle(.progress(value)) }
            guard let watch = until, watch.feed(chunk) else { return }
            until = nil
            if progress == nil { plumbing.tap(nil) }
            stopper.stop(.matched)
        }
    }

    /// What the end line reports: a timeout, a pattern that never matched, or the command's own end.
    private func finalOutcome(_ end: ChildEnd, timeout: Timeout?, stoppedEarly: Bool) -> Outcome {
        if let timeout, timeout.expired { return .timedOut(afterMS: timeout.limitMS) }
        if let pattern = options.until, !stoppedEarly { return .neverMatched(end, pattern: pattern) }
        return .ended(end)
    }
}

/// The spinner stopping while the command runs on (`--until`, `loadwrap done`): noted when it
/// happens, reported once the loop has written the output that caused it.
final class EarlyStopper {
    /// True once the spinner has stopped early.
    private(set) var stopped = false
    private var pending: EarlyStop?
    /// How long after the start the stop was reported, once it was.
    private(set) var stoppedAfterMS: Int?

    /// Notes the first early stop; later ones change nothing.
    func stop(_ stop: EarlyStop) {
        guard !stopped else { return }
        stopped = true
        pending = stop
    }

    /// Tells the presenter of a stop noted since the last call.
    func report(to presenter: any Presenter, elapsedMS: Int) {
        guard let stop = pending else { return }
        pending = nil
        stoppedAfterMS = elapsedMS
        presenter.stoppedEarly(stop, elapsedMS: elapsedMS)
    }
}
