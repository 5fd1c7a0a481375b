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
    }

    private let signals: SignalPipe
    /// Overlay mode on a terminal: the command's pseudo-terminal.
    private let pty: PtyRelay?
    /// Plain and silent modes with `--quiet` or heartbeats: the command's log-bound pipe.
    private let pipe: PipeRelay?
    /// Set when the command has the pseudo-terminal as its controlling terminal and keys pass through loadwrap.
    private var keyboard: KeyboardRelay?
    private let child: pid_t
    private var end: ChildEnd?
    private let clock: any TimeSource
    /// `--timeout`'s state, or nil.
    private(set) var timeout: Timeout?

    /// Starts the command; throws when it cannot be started (nothing has been drawn then).
    init(_ configuration: Configuration, startMS: Int, clock: any TimeSource) throws(SpawnError) {
        self.clock = clock
        if let limits = configuration.timeout {
            timeout = Timeout(limitMS: limits.limitMS, killAfterMS: limits.killAfterMS, startMS: startMS)
            lw_become_subreaper()  // orphaned grandchildren stay below loadwrap, where a timeout finds them
        }
        signals = SignalPipe(catching: Self.handledSignals)
        let ignoredPipe = lw_signal_is_ignored(SIGPIPE) != 0
        signal(SIGPIPE, SIG_IGN)  // a vanished terminal must not kill loadwrap before the command ends
        var setup = Spawner.Setup(
            defaultSignals: signals.caught + (ignoredPipe ? [] : [SIGPIPE]), signalMask: signals.originalMask)
        let terminal = configuration.mode == .overlay ? TerminalDevice(fd: 2) : nil
        let keys = terminal.flatMap { Self.keyboard(of: $0) }
        if let terminal {
            let overlay = Overlay(look: configuration.look, title: configuration.title, startMS: startMS,
                                  delayMS: configuration.delayMS, columns: Int(terminal.size?.columns ?? 80))
            let pty = try PtyRelay(terminal: terminal, keyboard: keys?.saved, overlay: overlay,
                                   quiet: configuration.quiet, clock: clock)
            Self.route(&setup, to: pty, terminal: terminal, ownTerminal: keys != nil)
            self.pty = pty
            pipe = nil
        } else if configuration.mode != .overlay && (configuration.quiet || configuration.heartbeat != nil) {
            let pipe = try PipeRelay(destination: 2, quiet: configuration.quiet,
                                     heartbeat: configuration.heartbeat, clock: clock)
            setup.relayed = pipe.writeEnd
            setup.relayedStreams = (FileIdentity.same(1, 2) ? [1] : []) + [2]
            self.pipe = pipe
            pty = nil
        } else {
            pty = nil
            pipe = nil
        }
        child = try Spawner.spawn(configuration.command, setup)
        pipe?.releaseWriteEnd()
        if let pty, let terminal, let keys {
            keyboard = KeyboardRelay(keys: keys, terminal: terminal, primary: pty.primary, secondary: pty.secondary)
            keyboard?.takeIfForeground()
        } else {
            pty?.releaseSecondary()
        }
    }

    /// Output held back by `--quiet`, or nil.
    var held: HeldOutput? { relay?.held }

    /// True when the command's terminal output left the cursor at the start of an empty line.
    var atLineStart: Bool { pty?.atLineStart ?? true }

    /// Relays until the command ends, erases the overlay and gives the keyboard back; returns how it ended.
    func wait() -> ChildEnd {
        while end == nil || timeoutLeavesSurvivors() {
            waitForEvents()
        }
        relay?.relayAvailable()
        pty?.suspend()
        keyboard?.release()
        return end!
    }

    /// The relay in use, if any.
    private var relay: (any OutputRelay)? { pty ?? pipe }

    /// The signals loadwrap catches while the command runs.
    private static let handledSignals = [SIGCHLD, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT]

    /// The real terminal as a keyboard: stdin if that is the terminal, else the terminal on stderr
    /// opened anew for reading, as a pager reads keys while its input is a pipe — if it is loadwrap's
    /// controlling terminal, so no one else's keys are taken. With one, the command gets the
    /// pseudo-terminal as its own and keys pass through loadwrap whenever loadwrap is in the foreground.
    private static func keyboard(of terminal: TerminalDevice) -> RawMode? {
        if terminal.isSameDevice(as: 0) { return RawMode(fd: 0) }
        guard let name = ttyname(terminal.fd) else { return nil }
        let fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        if tcgetsid(fd) == getsid(0), let mode = RawMode(fd: fd) { return mode }
        close(fd)
        return nil
    }

    /// Points the command's terminal-bound descriptors at the pseudo-terminal; others stay as they are.
    private static func route(_ setup: inout Spawner.Setup, to pty: PtyRelay, terminal: TerminalDevice, ownTerminal: Bool) {
        setup.relayed = pty.secondary
        setup.relayedStreams = (ownTerminal && terminal.isSameDevice(as: 0) ? [0] : [])
            + (terminal.isSameDevice(as: 1) ? [1] : []) + [2]
        setup.controllingTerminalPath = ownTerminal ? pty.secondaryPath : nil
    }

    /// One pass of the loop: wait for a signal, output, a key or a timer, then handle what came.
    private func waitForEvents() {
        var fds = [pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)]
        if let fd = relay?.pollFD {
            let keysWaiting = keyboard?.pending.isEmpty == false
            fds.append(pollfd(fd: fd, events: Int16(keysWaiting ? POLLIN | POLLOUT : POLLIN), revents: 0))
        }
        if let keyboard, keyboard.isReading {
            fds.append(pollfd(fd: keyboard.input, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&fds, nfds_t(fds.count), pollTimeoutMS())
        guard ready >= 0 else { return }  // EINTR: go round again
        for entry in fds.dropFirst() where entry.revents != 0 {
            if entry.fd == keyboard?.input {
                if keyboard?.relayKeys() == true { suspendTogether() }
            } else {
                keyboard?.flush()
                relay?.relayAvailable()
            }
        }
        if fds[0].revents != 0 { signals.drain().forEach(handle) }
        keyboard?.takeIfForeground()
        relay?.tick()
        enforceTimeout()
    }

    /// The nearest of the relay's next frame or heartbeat and the timeout's next step; -1 for none.
    private func pollTimeoutMS() -> Int32 {
        let relayMS = relay?.timeoutMS() ?? -1
        guard let deadline = timeout?.nextDeadlineMS else { return relayMS }
        let timeoutMS = Int32(clamping: max(0, deadline - clock.nowMS()))
        return relayMS < 0 ? timeoutMS : min(relayMS, timeoutMS)
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
        if keyboard != nil && end == nil { kill(-child, signo) }
        for pid in [child] + ProcessTree.descendants(of: getpid()) where pid != child || end == nil {
            kill(pid, signo)
            if signo == SIGTERM { kill(pid, SIGCONT) }
        }
    }

    /// Acts on one signal delivered to loadwrap.
    private func handle(_ delivery: SignalPipe.Delivery) {
        switch delivery.signo {
        case SIGCHLD:
            reap()
        case SIGWINCH:
            pty?.resize()
            kill(child, SIGWINCH)  // the kernel signals no one for a pty without a foreground group
        case SIGTSTP:
            if keyboard == nil && delivery.sentByProcess { kill(child, SIGTSTP) }
            suspendTogether()
        case SIGCONT:
            resumeTogether()
        default:
            forward(delivery)
        }
    }

    /// Passes a signal on to the command. Without a keyboard relay the command shares loadwrap's
    /// terminal, so keys (Ctrl-C, hangup) already reached it: only a signal another process sent to
    /// loadwrap alone needs passing on. With one, the command lives in its own session and
    /// everything goes to its process group.
    private func forward(_ delivery: SignalPipe.Delivery) {
        if keyboard != nil {
            kill(-child, delivery.signo)
        } else if delivery.sentByProcess {
            kill(child, delivery.signo)
        }
    }

    /// Collects every ended child: the command's status, and orphans loadwrap adopted as subreaper.
    private func reap() {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid < 0 && errno == EINTR { continue }
            guard pid > 0 else { return }
            if pid == child, let ended = ChildEnd(waitStatus: status) { end = ended }
        }
    }

    /// Ctrl-Z: erase the line, give the terminal back, stop with the command, and redraw after `fg`.
    private func suspendTogether() {
        if keyboard != nil { kill(-child, SIGSTOP) }
        pty?.suspend()
        keyboard?.release()
        signals.restoreDefault(SIGTSTP)
        kill(getpid(), SIGTSTP)
        signals.catchAgain(SIGTSTP)
        resumeTogether()
    }

    /// After `fg` (SIGCONT): take the keyboard again, wake the command, redraw.
    private func resumeTogether() {
        keyboard?.takeIfForeground()
        if keyboard != nil { kill(-child, SIGCONT) }
        pty?.resume()
    }
}
