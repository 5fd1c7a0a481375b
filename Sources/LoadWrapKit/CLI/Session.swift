/// One run of `loadwrap [options] -- command` from start line to end line: what is shown around
/// the command in each mode, and how loadwrap ends.
struct Session {
    /// What the command line asked for.
    let options: Options
    /// Overlay, plain or silent, decided once at start.
    let mode: Mode
    /// Whether the terminal or log takes UTF-8 (else ASCII marks and frames).
    let utf8: Bool
    /// Colour for the overlay and its end line; never in plain mode, which writes no escapes.
    let color: Bool
    /// The collapsible log group of the CI, in plain mode.
    let group: LogGroup?
    /// The loadwrap this one runs under, if any: it draws the one spinner, this one reports to it.
    let outer: ControlClient?
    /// The variables loadwrap reads (`ProcessEnvironment.names`).
    let environment: [String: String]
    /// Where elapsed times come from.
    let clock: any TimeSource

    /// Decides the mode, charset, colour and log group from the options and the environment.
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
        group = mode == .plain && options.groups ? LogGroup.detect(environment, name: "loadwrap_\(getpid())") : nil
        self.clock = clock
    }

    /// Runs the command and ends loadwrap as it ended.
    func run() -> Never {
        let startMS = clock.nowMS()
        announceStart()
        outer?.send(.push(pid: getpid(), title: title))
        // A channel of its own even when nested, so its command's `say`/`done` act on this run.
        let control = ControlChannel(environment: environment)
        let wrapper: Wrapper
        do {
            wrapper = try Wrapper(configuration(startMS: startMS, control: control), startMS: startMS, clock: clock)
        } catch {
            control?.remove()
            outer?.send(.pop(pid: getpid()))
            if let group { StandardStreams.err(group.close(unixTime: time(nil))) }
            StandardStreams.err(error.message + "\n")
            exit(error.exitCode)
        }
        wrapper.onEarlyStop = { stop in
            reportEarlyStop(stop, elapsedMS: clock.nowMS() - startMS, wrapper: wrapper)
        }
        wrapper.onTitleChange = { title in
            if mode == .plain { wrapper.announce(lines.start(title)) }
        }
        let end = wrapper.wait()
        control?.remove()
        outer?.send(.pop(pid: getpid()))
        let outcome = finalOutcome(end, wrapper: wrapper)
        // After an early stop a success was already reported; a later failure still is, and so is
        // any end in a CI log group, where the early line is folded away inside the group.
        report(outcome, elapsedMS: clock.nowMS() - startMS, wrapper: wrapper,
               endLine: !(wrapper.stoppedEarly && outcome.succeeded) || group != nil)
        if wrapper.timeout?.expired == true {
            exit(end == .killed(SIGKILL) ? 128 + SIGKILL : 124)  // as GNU timeout
        }
        end.imitate()
    }

    /// The wrapper's settings for this session.
    private func configuration(startMS: Int, control: ControlChannel?) -> Wrapper.Configuration {
        let style = SpinnerStyle.fallback(for: options.resolvedSpinner(localeIsUTF8: utf8), utf8: utf8)
        let heartbeat = mode == .plain && options.heartbeatMS > 0
            ? PipeRelay.Heartbeat(intervalMS: options.heartbeatMS, line: { [lines, title] in
                lines.heartbeat(title, elapsedMS: $0)
            }, startMS: startMS)
            : nil
        return Wrapper.Configuration(
            command: options.command, mode: mode, look: Overlay.Look(style: style, color: color, utf8: utf8),
            title: title, delayMS: options.delayMS, quiet: options.quiet, heartbeat: heartbeat,
            timeout: options.timeoutMS.map { ($0, options.killAfterMS) }, until: options.until,
            control: control, upstream: outer)
    }

    /// Plain mode's start line, inside a log group where the CI has them.
    private func announceStart() {
        guard mode == .plain else { return }
        let line = lines.start(title)
        if let group {
            StandardStreams.err(group.open(header: String(line.dropLast()), unixTime: time(nil)))
        } else {
            StandardStreams.err(line)
        }
    }

    /// What the end line reports: a timeout, a pattern that never matched, or the command's own end.
    private func finalOutcome(_ end: ChildEnd, wrapper: Wrapper) -> Outcome {
        if let timeout = wrapper.timeout, timeout.expired { return .timedOut(afterMS: timeout.limitMS) }
        if let pattern = options.until, !wrapper.stoppedEarly { return .neverMatched(end, pattern: pattern) }
        return .ended(end)
    }

    /// The spinner stopped while the command runs on: `✔ title · ready in 4.1s`, or `loadwrap done`'s message.
    private func reportEarlyStop(_ stop: Wrapper.EarlyStop, elapsedMS: Int, wrapper: Wrapper) {
        let message: String?
        if case .done(let text) = stop { message = text } else { message = nil }
        guard mode != .silent, message != nil || resultRequest.shows(succeeded: true) else { return }
        let outcome: Outcome = stop == .matched ? .ready : .done
        let line = lines.end(message ?? options.successText ?? title, outcome: outcome, elapsedMS: elapsedMS)
        guard mode == .overlay else { return wrapper.announce(line) }
        // The terminal may be in raw mode here (keys pass through loadwrap): lines end with CR LF.
        StandardStreams.err((wrapper.atLineStart ? "" : "\r\n") + String(line.dropLast()) + "\r\n")
    }

    /// After the command: held output if it failed, the group's end, then the end line.
    private func report(_ outcome: Outcome, elapsedMS: Int, wrapper: Wrapper, endLine: Bool) {
        let replayed = outcome.succeeded ? nil : wrapper.held
        replayed?.replay(to: 2)
        wrapper.releaseKeyboard()
        if let group { StandardStreams.err(group.close(unixTime: time(nil))) }
        guard endLine, mode != .silent, resultRequest.shows(succeeded: outcome.succeeded) else { return }
        let text = (outcome.succeeded ? options.successText : options.failureText) ?? title
        // After a partial line (a prompt without newline), start the end line on a line of its own.
        let atLineStart = replayed?.endsAtLineStart ?? wrapper.atLineStart
        let newline = atLineStart ? "" : "\n"
        StandardStreams.err(newline + lines.end(text, outcome: outcome, elapsedMS: elapsedMS))
    }

    /// `--result`, or the mode's default: always in plain mode, never in overlay.
    private var resultRequest: ResultRequest {
        options.result ?? (mode == .plain ? .always : .never)
    }

    private var title: String { options.resolvedTitle }

    private var lines: ReportLines { ReportLines(utf8: utf8, color: color && mode == .overlay) }
}
