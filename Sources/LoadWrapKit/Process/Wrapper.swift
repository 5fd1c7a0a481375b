import CLoadWrap

/// Runs a command under the overlay: spawn, relay, forward signals, and end as the command did.
/// One `poll` loop waits on the signal pipe, the pseudo-terminal and the next frame; nothing polls.
public final class Wrapper {
    /// What to run and how to show it.
    public struct Configuration: Sendable {
        /// The command and its arguments.
        public var command: [String]
        /// The title beside the spinner.
        public var title: String
        /// Frames, colour and charset.
        public var style: SpinnerStyle
        /// Whether to colour the line.
        public var color: Bool
        /// Whether the terminal takes UTF-8.
        public var utf8: Bool
        /// Milliseconds before anything is drawn.
        public var delayMS: Int
        /// Draw the overlay (true) or run the command as if bare (false).
        public var overlay: Bool

        /// Creates a configuration.
        public init(command: [String], title: String, style: SpinnerStyle, color: Bool, utf8: Bool, delayMS: Int, overlay: Bool) {
            self.command = command
            self.title = title
            self.style = style
            self.color = color
            self.utf8 = utf8
            self.delayMS = delayMS
            self.overlay = overlay
        }
    }

    private let signals: SignalPipe
    private let relay: PtyRelay?
    /// Set when the command has the pseudo-terminal as its controlling terminal and keys pass through loadwrap.
    private var keyboard: KeyboardRelay?
    private let child: pid_t
    private var end: ChildEnd?

    /// Starts the command; throws when it cannot be started (nothing has been drawn then).
    public init(_ configuration: Configuration, clock: any TimeSource = MonotonicClock()) throws(SpawnError) {
        let startMS = clock.nowMS()
        signals = SignalPipe(catching: Self.handledSignals)
        let ignoredPipe = lw_signal_is_ignored(SIGPIPE) != 0
        signal(SIGPIPE, SIG_IGN)  // a vanished terminal must not kill loadwrap before the command ends
        let terminal = configuration.overlay ? TerminalDevice(fd: 2) : nil
        let rawMode = terminal.flatMap { Self.keyboard(of: $0) }
        var relay: PtyRelay?
        if let terminal {
            relay = try Self.makeRelay(configuration, terminal: terminal, keyboard: rawMode?.saved, startMS: startMS, clock: clock)
        }
        var setup = Spawner.Setup(
            defaultSignals: signals.caught + (ignoredPipe ? [] : [SIGPIPE]), signalMask: signals.originalMask)
        Self.route(into: &setup, relay: relay, terminal: terminal, ownTerminal: rawMode != nil)
        self.relay = relay
        child = try Spawner.spawn(configuration.command, setup)
        if let relay, let terminal, let rawMode {
            keyboard = KeyboardRelay(keys: rawMode, terminal: terminal, primary: relay.primary, secondary: relay.secondary)
            keyboard?.takeIfForeground()
        } else {
            relay?.releaseSecondary()
        }
    }

    /// Relays until the command ends, restores the terminal, and ends loadwrap the same way.
    public func runToEnd() -> Never {
        wait().imitate()
    }

    /// Relays until the command ends and the terminal is restored; returns how it ended.
    public func wait() -> ChildEnd {
        while end == nil {
            waitForEvents()
        }
        relay?.relayAvailable()
        relay?.suspend()
        keyboard?.release()
        return end!
    }

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

    /// A relay drawing the overlay on `terminal`.
    private static func makeRelay(
        _ configuration: Configuration, terminal: TerminalDevice, keyboard: termios?, startMS: Int, clock: any TimeSource
    ) throws(SpawnError) -> PtyRelay {
        let look = Overlay.Look(style: configuration.style, color: configuration.color, utf8: configuration.utf8)
        let overlay = Overlay(look: look, title: configuration.title, startMS: startMS,
                              delayMS: configuration.delayMS, columns: Int(terminal.size?.columns ?? 80))
        return try PtyRelay(terminal: terminal, keyboard: keyboard, overlay: overlay, clock: clock)
    }

    /// Points the command's terminal-bound descriptors at the pseudo-terminal; others stay as they are.
    private static func route(
        into setup: inout Spawner.Setup, relay: PtyRelay?, terminal: TerminalDevice?, ownTerminal: Bool
    ) {
        guard let relay, let terminal else { return }
        setup.terminal = relay.secondary
        setup.terminalStreams = (ownTerminal && terminal.isSameDevice(as: 0) ? [0] : [])
            + (terminal.isSameDevice(as: 1) ? [1] : []) + [2]
        setup.controllingTerminalPath = ownTerminal ? relay.secondaryPath : nil
    }

    /// One pass of the loop: wait for a signal, output, a key or the next frame, then handle what came.
    private func waitForEvents() {
        var fds = [pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)]
        if let relay, !relay.closed {
            let keysWaiting = keyboard?.pending.isEmpty == false
            fds.append(pollfd(fd: relay.primary, events: Int16(keysWaiting ? POLLIN | POLLOUT : POLLIN), revents: 0))
        }
        if let keyboard, keyboard.isReading {
            fds.append(pollfd(fd: keyboard.input, events: Int16(POLLIN), revents: 0))
        }
        let ready = poll(&fds, nfds_t(fds.count), relay?.timeoutMS() ?? -1)
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
    }

    /// Acts on one signal delivered to loadwrap.
    private func handle(_ delivery: SignalPipe.Delivery) {
        switch delivery.signo {
        case SIGCHLD:
            reap()
        case SIGWINCH:
            relay?.resize()
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

    /// Collects the command's status once it has ended.
    private func reap() {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(child, &status, WNOHANG) } while result < 0 && errno == EINTR
        if result == child, let ended = ChildEnd(waitStatus: status) { end = ended }
    }

    /// Ctrl-Z: erase the line, give the terminal back, stop with the command, and redraw after `fg`.
    private func suspendTogether() {
        if keyboard != nil { kill(-child, SIGSTOP) }
        relay?.suspend()
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
        relay?.resume()
    }
}
