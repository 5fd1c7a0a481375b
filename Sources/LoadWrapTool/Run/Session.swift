import LoadWrapCore
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of `loadwrap [options] -- command`, set up: the mode decided once, the terminal's lock
/// taken, the stage and the run controller made, and loadwrap ended as the command ended. What
/// happens during the run is the controller's business; what each mode shows, its presenter's.
struct Session {
    /// What the command line asked for.
    let options: Options
    /// Overlay, plain or silent, decided once at start.
    let mode: Mode
    /// Whether the terminal or log takes UTF-8 (else ASCII marks and frames).
    let utf8: Bool
    /// Colour for the overlay and its end line; plain mode never uses it, as it writes no escapes.
    let color: Bool
    /// The loadwrap that draws the one spinner when this one does not (nested, or beside it in a
    /// pipeline); this one reports to it.
    let upstream: Upstream?
    /// The channel for this run's command's `say`/`done` and runs nested in it; a channel of its
    /// own even when nested, so they act on this run.
    let control: ControlChannel?
    /// The terminal's lock, while this loadwrap draws the one spinner on it.
    let lock: TerminalLock?
    /// Beside a loadwrap that draws on the same terminal (a pipeline, `&`): its turn, taken to
    /// relay this run's terminal output so that none of it lands on the line drawn there.
    let besideTurn: TerminalTurn?
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
            (mode, upstream, lock, besideTurn) = (.silent, Upstream(client: outer, relation: .nested), nil, nil)
        } else if chosen == .overlay && isatty(2) == 1 {
            (mode, upstream, lock, besideTurn) = Self.claim(environment: environment, channel: control)
        } else {
            (mode, upstream, lock, besideTurn) = (chosen, nil, nil, nil)
        }
        utf8 = LocaleCheck.isUTF8(environment)
        color = ColorChoice.enabled(request: options.color, environment: environment)
        self.clock = clock
        history = options.historyOfRun(environment: environment)
    }

    /// The overlay if this loadwrap gets the terminal's lock; else silent, reporting to the one
    /// that has it: a loadwrap left of it in a pipeline (stdout a pipe, stdin not) shows before it.
    private static func claim(environment: [String: String], channel: ControlChannel?)
        -> (Mode, Upstream?, TerminalLock?, TerminalTurn?) {
        switch TerminalLock.acquire(terminal: 2, environment: environment, channelPath: channel?.path) {
        case .drawing(let lock):
            return (.overlay, nil, lock, nil)
        case .taken(let path, let turn):
            let before = SharedPipe(fd: 1) != nil && SharedPipe(fd: 0) == nil
            let upstream = path.flatMap(ControlClient.init(path:)).map { Upstream(client: $0, relation: .beside(before: before)) }
            return (.silent, upstream, nil, upstream == nil ? nil : turn)
        }
    }

    /// Runs the command, again after a failure while `--retry` allows, and ends loadwrap as the
    /// last attempt ended.
    func run() -> Never {
        let attempts: AttemptRunner
        let signals: Wrapper.Signals
        do {
            (attempts, signals) = try prepare()
        } catch {
            StandardStreams.err(error.message + "\n")  // no presenter yet to say it
            end(exitingWith: error.exitCode)
        }
        let shared = Stage.Shared(startMS: clock.nowMS())
        do {
            end(try attempts.run { attempt, startMS throws(SpawnError) in
                try start(attempt, shared: shared, signals: signals, startMS: startMS)
            })
        } catch {
            end(exitingWith: error.exitCode)
        }
    }

    /// What every attempt shares, made before the first: the caught signals, and how standard
    /// input is given to a retry (refused when it cannot be).
    private func prepare() throws(SpawnError) -> (AttemptRunner, Wrapper.Signals) {
        var input = InputReplay.asIs
        if options.retries > 0 {
            guard let replay = InputReplay.of(0) else { throw .unreplayableInput }
            input = replay
        }
        let signals = try Wrapper.Signals()
        let policy = AttemptRunner.Policy(total: options.retries + 1, firstDelayMS: options.retryDelayMS,
                                          afterTimeout: options.retriesAfterTimeout)
        return (AttemptRunner(policy: policy, signals: signals.pipe, input: input, clock: clock), signals)
    }

    /// Ends loadwrap as the run's last attempt ended, leaving nothing behind.
    private func end(_ last: LastAttempt) -> Never {
        leave()
        last.finish()
        lock?.release()
        history?.remember(elapsedMS: last.rememberedMS, succeeded: last.succeeded)
        last.exit()
    }

    /// Ends loadwrap before a command ran to its end, leaving nothing behind.
    private func end(exitingWith status: Int32) -> Never {
        leave()
        lock?.release()
        exit(status)
    }

    /// Removes this run's channel and leaves the spinner of the loadwrap it reports to; the
    /// terminal's lock goes last, once nothing more is drawn. Nothing of the run outlives it.
    private func leave() {
        control?.remove()
        upstream?.leave()
    }

    /// Sets up the stage and the run controller of `attempt`, and starts the command; on failure
    /// the presenter has said why.
    private func start(_ attempt: Attempt, shared: Stage.Shared, signals: Wrapper.Signals, startMS: Int) throws(SpawnError)
        -> (Wrapper, RunController) {
        let stage: Stage
        do {
            stage = try Stage(self, attempt: attempt, shared: shared, startMS: startMS)
        } catch {
            // No presenter yet to say it; what earlier attempts held is a failed run's output.
            shared.held?.replayLines(to: 2)
            StandardStreams.err(error.message + "\n")
            throw error
        }
        let title = attempt.title(options.resolvedTitle)
        let controller = RunController(
            presenter: stage.presenter, control: ControlHandler(title: title, upstream: upstream, utf8: utf8),
            watches: .init(until: options.until, progress: options.progressFrom), clock: clock, startMS: startMS)
        controller.started()
        if attempt.number == 1 { upstream?.announce(title) }
        let configuration = Wrapper.Configuration(
            command: options.command, topology: stage.topology,
            timeout: options.timeoutMS.map { ($0, options.killAfterMS) },
            environment: control.map { [ControlChannel.variable: $0.path] } ?? [:])
        do {
            let wrapper = try Wrapper(configuration, plumbing: stage.plumbing, events: controller, terminal: stage.terminal,
                                      signals: signals, startMS: startMS, clock: clock,
                                      sources: control.map { channel in
                                          [ReadableSource(fd: channel.readFD) { channel.drain().forEach(controller.handle) }]
                                      } ?? [])
            controller.watch(stage.plumbing)
            if let control { Leftovers.sweep(control.parent, keeping: control.directory) }
            return (wrapper, controller)
        } catch {
            controller.failedToStart(error.message)
            throw error
        }
    }
}
