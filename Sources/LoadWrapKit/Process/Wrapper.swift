import CLoadWrap

/// Runs a command: spawn it, relay its output, forward signals, follow job control, and report
/// how it ended. One `poll` loop waits on the signal pipe, the output, the keyboard and the next
/// timer (frame or heartbeat); nothing polls.
final class Wrapper {
    /// What to run and how to show it.
    struct Configuration {
        /// The command and its arguments.
        var command: [String]
        /// The mode chosen at start.
        var mode: Mode
        /// How the overlay looks (overlay mode).
        var look: Overlay.Look
        /// The title beside the spinner.
        var title: String
        /// Milliseconds before anything is drawn.
        var delayMS: Int
        /// Hold back terminal- or log-bound output (`--quiet`).
        var quiet: Bool
        /// Plain mode: what to say after a silence, or nil.
        var heartbeat: PipeRelay.Heartbeat?
        /// `--timeout` and `--kill-after` in milliseconds, or nil.
        var timeout: (limitMS: Int, killAfterMS: Int)?
        /// `--until`'s pattern, already checked by the parser, or nil.
        var until: String?
        /// The channel for `loadwrap say`/`done` and nested runs, or nil.
        var control: ControlChannel?
        /// The loadwrap this one runs under, which draws the one spinner; messages go on to it.
        var upstream: ControlClient?
    }

    /// Why the spinner stopped while the command runs on.
    enum EarlyStop: Equatable {
        /// A line matched `--until`'s pattern.
        case matched
        /// The command said `loadwrap done`, with an optional message.
        case done(message: String?)
    }

    /// Called once, from the loop, right after the output that made the spinner stop.
    var onEarlyStop: ((EarlyStop) -> Void)?
    /// Called with the new title when `loadwrap say` or a nested run changes it.
    var onTitleChange: ((String) -> Void)?
    /// loadwrap's title and those of nested runs.
    private var titles: TitleStack
    /// The channel the command's `loadwrap say`/`done` and nested runs write to.
    private let control: ControlChannel?
    /// The loadwrap above this one, when nested: messages go on to it.
    private let upstream: ControlClient?
    /// Whether titles join with ` › ` (UTF-8) or ` > `.
    private let utf8: Bool
    /// True once the spinner has stopped before the command ended.
    private(set) var stoppedEarly = false
    /// An early stop seen while relaying, reported when the chunk that caused it is out.
    private var pendingStop: EarlyStop?

    /// Signals delivered to loadwrap, as bytes on a pipe.
    let signals: SignalPipe
    /// Overlay mode on a terminal: the command's pseudo-terminal.
    let pty: PtyRelay?
    /// Every relay between the command's output and loadwrap's: the pseudo-terminal and/or pipes.
    private let relays: [any OutputRelay]
    /// Set when the command has the pseudo-terminal as its controlling terminal and keys pass through loadwrap.
    var keyboard: KeyboardRelay?
    /// The command's pid.
    let child: pid_t
    /// True when the command leads a process group of its own, which signals then go to.
    let ownGroup: Bool
    /// How the command ended, once it has.
    var end: ChildEnd?
    private let clock: any TimeSource
    /// `--timeout`'s state, or nil.
    private(set) var timeout: Timeout?

    /// Starts the command; throws when it cannot be started (nothing has been drawn then).
    init(_ configuration: Configuration, startMS: Int, clock: any TimeSource) throws(SpawnError) {
        self.clock = clock
        titles = TitleStack(base: configuration.title)
        control = configuration.control
        upstream = configuration.upstream
        utf8 = configuration.look.utf8
        if let limits = configuration.timeout {
            timeout = Timeout(limitMS: limits.limitMS, killAfterMS: limits.killAfterMS, startMS: startMS)
            lw_become_subreaper()  // orphaned grandchildren stay below loadwrap, where a timeout finds them
        }
        signals = SignalPipe(catching: Self.handledSignals)
        let ignoredPipe = lw_signal_is_ignored(SIGPIPE) != 0
        signal(SIGPIPE, SIG_IGN)  // a vanished terminal must not kill loadwrap before the command ends
        let plumbing = try Plumbing(configuration, startMS: startMS, clock: clock)
        // Without a terminal (a CI job) the command gets a process group of its own, as under GNU
        // `timeout`: a signal sent to loadwrap's whole group then reaches it once, from loadwrap.
        let detached = plumbing.keyboard == nil && !Self.hasControllingTerminal()
        ownGroup = plumbing.keyboard != nil || detached
        let setup = Spawner.Setup(
            redirections: plumbing.redirections,
            newProcessGroup: detached,
            extraEnvironment: control.map { [ControlChannel.variable: $0.path] } ?? [:],
            defaultSignals: signals.caught + (ignoredPipe ? [] : [SIGPIPE]), signalMask: signals.originalMask)
        child = try Spawner.spawn(configuration.command, setup)
        plumbing.commandStarted()
        pty = plumbing.pty
        relays = plumbing.relays
        keyboard = plumbing.keyboard
        keyboard?.takeIfForeground()
        if let pattern = configuration.until { watch(for: pattern) }
    }

    /// Output held back by `--quiet`, or nil.
    var held: HeldOutput? { relays.lazy.compactMap(\.held).first }

    /// True when the command's terminal output left the cursor at the start of an empty line.
    var atLineStart: Bool {
        pty?.atLineStart ?? logPipe?.logAtLineStart ?? true
    }

    /// Writes one of loadwrap's own plain-mode lines (a say, an early stop) to stderr, on a line of
    /// its own; through the log pipe when there is one, so it knows where the log's lines end.
    func announce(_ line: String) {
        if let logPipe {
            logPipe.writeLine(line)
        } else {
            StandardStreams.err((atLineStart ? "" : "\n") + line)
        }
    }

    /// The pipe carrying the command's stderr to loadwrap's, in plain mode.
    private var logPipe: PipeRelay? {
        relays.lazy.compactMap { $0 as? PipeRelay }.first { $0.destination == 2 }
    }

    /// Relays until the command ends and erases the overlay; returns how it ended. The keyboard
    /// stays taken until `releaseKeyboard`.
    func wait() -> ChildEnd {
        while end == nil || timeoutLeavesSurvivors() {
            waitForEvents()
        }
        relays.forEach { $0.relayAvailable(maxReads: Self.finalReads) }
        pty?.suspend()
        return end!
    }

    /// Gives the real terminal its own modes back. Held output is replayed before this: when keys
    /// pass through, the command's pseudo-terminal has already turned each newline into CR LF, and
    /// the real terminal's output processing, back on, would do it again (CR CR LF).
    func releaseKeyboard() {
        keyboard?.release()
    }

    /// Whether loadwrap has a controlling terminal, where keys could reach the command's group.
    private static func hasControllingTerminal() -> Bool {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if fd >= 0 { close(fd) }
        return fd >= 0
    }

    /// Chunks read from one source before the loop looks at the others again (64 KiB each).
    private static let readsPerTurn = 8
    /// Chunks read after the command ended: more than a pipe or pseudo-terminal buffer holds.
    private static let finalReads = 64

    /// The signals loadwrap catches while the command runs.
    private static let handledSignals = [SIGCHLD, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT]

    /// Taps the output for `--until`; the tap is removed at the first match.
    private func watch(for pattern: String) {
        guard let watch = try? LineWatch(pattern: pattern) else { return }
        for relay in relays {
            relay.tap = { [unowned self] chunk in
                guard watch.feed(chunk) else { return }
                relays.forEach { $0.tap = nil }
                stopEarly(.matched)
            }
        }
    }

    /// Ends the spinner now (the matched chunk is not yet out) and reports once the loop turns.
    private func stopEarly(_ stop: EarlyStop) {
        guard !stoppedEarly else { return }
        stoppedEarly = true
        pty?.endOverlay()
        pendingStop = stop
    }

    /// One pass of the loop: wait for a signal, output, a key or a timer, then handle what came.
    private func waitForEvents() {
        var fds = [pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)]
        for fd in relays.compactMap(\.pollFD) {
            let keysWaiting = fd == pty?.primary && keyboard?.pending.isEmpty == false
            fds.append(pollfd(fd: fd, events: Int16(keysWaiting ? POLLIN | POLLOUT : POLLIN), revents: 0))
        }
        if let keyboard, keyboard.isReading {
            fds.append(pollfd(fd: keyboard.input, events: Int16(POLLIN), revents: 0))
        }
        if let control {
            fds.append(pollfd(fd: control.readFD, events: Int16(POLLIN), revents: 0))
        }
        guard poll(&fds, nfds_t(fds.count), pollTimeoutMS()) >= 0 else { return }  // EINTR: go round again
        // Signals and keys before output: under a flood, Ctrl-C and SIGTERM must not wait.
        if fds[0].revents != 0 { signals.drain().forEach(handle) }
        let ready = fds.dropFirst().filter { $0.revents != 0 }.map(\.fd)
        if ready.contains(where: { $0 == keyboard?.input }), keyboard?.relayKeys() == true { suspendTogether() }
        if ready.contains(where: { $0 == control?.readFD }) { control?.drain().forEach(handle) }
        for relay in relays where ready.contains(where: { $0 == relay.pollFD }) {
            if relay === pty { keyboard?.flush() }
            relay.relayAvailable(maxReads: Self.readsPerTurn)
        }
        keyboard?.takeIfForeground()
        relays.forEach { $0.tick() }
        enforceTimeout()
        if let stop = pendingStop {
            pendingStop = nil
            onEarlyStop?(stop)
        }
    }

    /// A message for the loadwrap above, from a nested one: its command's `say` renames this run's
    /// entry, its `done` ends it; nested runs below pass through.
    private static func forwarded(_ message: ControlMessage) -> ControlMessage {
        switch message {
        case .say(let text): return .push(pid: getpid(), title: text)
        case .done: return .pop(pid: getpid())
        case .push, .pop: return message
        }
    }

    /// The nearest of the relays' next frame or heartbeat and the timeout's next step; -1 for none.
    private func pollTimeoutMS() -> Int32 {
        var waits = relays.map { $0.timeoutMS() }.filter { $0 >= 0 }
        if let deadline = timeout?.nextDeadlineMS { waits.append(Int32(clamping: max(0, deadline - clock.nowMS()))) }
        return waits.min() ?? -1
    }

    /// Sends the timeout's signal when one is due, to the command and everything it started.
    private func enforceTimeout() {
        switch timeout?.check(nowMS: clock.nowMS()) {
        case .terminate?: signalTree(SIGTERM)
        case .kill?: signalTree(SIGKILL)
        default: break
        }
    }

    /// After a timeout, true while processes the command started are still alive and SIGKILL
    /// has not gone out yet; their deaths wake the loop (loadwrap is their subreaper).
    private func timeoutLeavesSurvivors() -> Bool {
        guard let timeout, timeout.expired, !timeout.killed else { return false }
        return !ProcessTree.descendants(of: getpid()).isEmpty
    }

    /// Signals the command's process group (when it has its own) and every descendant;
    /// SIGCONT after SIGTERM wakes stopped ones so they can act on it, as GNU `timeout` does.
    private func signalTree(_ signo: Int32) {
        if ownGroup && end == nil { kill(-child, signo) }
        // Descendants of loadwrap include the command itself until it is reaped.
        for pid in Set(ProcessTree.descendants(of: getpid()) + (end == nil ? [child] : [])) {
            kill(pid, signo)
            if signo == SIGTERM { kill(pid, SIGCONT) }
        }
    }

    /// Acts on one message from the command or a nested loadwrap.
    private func handle(_ message: ControlMessage) {
        if let upstream {
            upstream.send(Self.forwarded(message))
            return
        }
        switch message {
        case .say(let text): titles.base = text
        case .push(let pid, let title): titles.push(pid: pid, title: title)
        case .pop(let pid): titles.pop(pid: pid)
        case .done(let text):
            stopEarly(.done(message: text))
            return
        }
        let title = titles.display(utf8: utf8)
        pty?.setTitle(title)
        if case .pop = message { return }
        onTitleChange?(title)
    }
}
