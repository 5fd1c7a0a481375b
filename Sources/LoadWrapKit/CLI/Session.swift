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
    /// The loadwrap this one runs under, if any: it draws the one spinner, this one reports to it.
    let outer: ControlClient?
    /// The variables loadwrap reads (`ProcessEnvironment.names`).
    let environment: [String: String]
    /// Where elapsed times come from.
    let clock: any TimeSource

    /// Decides the mode, charset and colour from the options and the environment.
    init(_ options: Options, environment: [String: String], clock: any TimeSource = MonotonicClock()) {
        self.options = options
        self.environment = environment
        outer = ControlClient(environment: environment)
        let chosen = ModeChoice.choose(request: options.mode, stderrIsTerminal: isatty(2) == 1, environment: environment)
        // One spinner per terminal: under another loadwrap, or beside one on the same terminal, stay silent.
        if outer != nil {
            mode = .silent
        } else if chosen == .overlay && isatty(2) == 1 {
            mode = TerminalLock.acquire(terminal: 2, environment: environment) ? .overlay : .silent
        } else {
            mode = chosen
        }
        utf8 = LocaleCheck.isUTF8(environment)
        color = ColorChoice.enabled(request: options.color, mode: mode, environment: environment)
        self.clock = clock
    }

    /// Runs the command and ends loadwrap as it ended.
    func run() -> Never {
        let startMS = clock.nowMS()
        let stopper = EarlyStopper()
        // A channel of its own even when nested, so its command's `say`/`done` act on this run.
        let control = ControlChannel(environment: environment)
        let wrapper: Wrapper
        do {
            wrapper = try start(startMS: startMS, control: control, stopper: stopper)
        } catch {
            control?.remove()
            outer?.send(.pop(pid: getpid()))
            exit(error.exitCode)
        }
        let end = wrapper.wait()
        control?.remove()
        outer?.send(.pop(pid: getpid()))
        let outcome = finalOutcome(end, timeout: wrapper.timeout, stoppedEarly: stopper.stopped)
        wrapper.presenter.finished(outcome, elapsedMS: clock.nowMS() - startMS, afterEarlyStop: stopper.stopped)
        wrapper.releaseKeyboard()
        ExitPlan.decide(end: end, timeout: wrapper.timeout).perform()
    }

    /// Sets up the stage, tells the presenter, and starts the command; on failure the presenter
    /// has said why.
    private func start(startMS: Int, control: ControlChannel?, stopper: EarlyStopper) throws(SpawnError) -> Wrapper {
        let stage = try Stage(self, startMS: startMS)
        let presenter = stage.presenter
        presenter.started()
        outer?.send(.push(pid: getpid(), title: options.resolvedTitle))
        let handler = ControlHandler(title: options.resolvedTitle, upstream: outer, utf8: utf8, presenter: presenter) {
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
            watchUntil(stage.plumbing, stopper: stopper)
            wrapper.afterTurn = { stopper.report(to: presenter, elapsedMS: clock.nowMS() - startMS) }
            return wrapper
        } catch {
            presenter.failedToStart(error.message)
            throw error
        }
    }

    /// Taps the output for `--until`; the tap is removed at the first match.
    private func watchUntil(_ plumbing: Plumbing, stopper: EarlyStopper) {
        guard let pattern = options.until, let watch = try? LineWatch(pattern: pattern) else { return }
        plumbing.tap { [unowned plumbing] chunk in
            guard watch.feed(chunk) else { return }
            plumbing.tap(nil)
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
        presenter.stoppedEarly(stop, elapsedMS: elapsedMS)
    }
}
