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
    private let child: pid_t
    private var end: ChildEnd?

    /// Starts the command; throws when it cannot be started (nothing has been drawn then).
    public init(_ configuration: Configuration, clock: any TimeSource = MonotonicClock()) throws(SpawnError) {
        let startMS = clock.nowMS()
        signals = SignalPipe(catching: Self.handledSignals)
        let ignoredPipe = lw_signal_is_ignored(SIGPIPE) != 0
        signal(SIGPIPE, SIG_IGN)  // a vanished terminal must not kill loadwrap before the command ends
        relay = try Self.makeRelay(configuration, startMS: startMS, clock: clock)
        let terminalStdout = relay != nil && TerminalDevice(fd: 2)?.isSameDevice(as: 1) == true
        let setup = Spawner.Setup(
            stdout: terminalStdout ? relay?.secondary : nil,
            stderr: relay?.secondary,
            defaultSignals: signals.caught + (ignoredPipe ? [] : [SIGPIPE]),
            signalMask: signals.originalMask)
        child = try Spawner.spawn(configuration.command, setup)
        relay?.releaseSecondary()
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
        return end!
    }

    /// The signals loadwrap catches while the command runs.
    private static let handledSignals = [SIGCHLD, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT]

    /// A relay when the overlay draws on a terminal; nil to run as if bare.
    private static func makeRelay(_ configuration: Configuration, startMS: Int, clock: any TimeSource) throws(SpawnError) -> PtyRelay? {
        guard configuration.overlay, let terminal = TerminalDevice(fd: 2) else { return nil }
        let look = Overlay.Look(style: configuration.style, color: configuration.color, utf8: configuration.utf8)
        let overlay = Overlay(look: look, title: configuration.title, startMS: startMS,
                              delayMS: configuration.delayMS, columns: Int(terminal.size?.columns ?? 80))
        return try PtyRelay(terminal: terminal, overlay: overlay, clock: clock)
    }

    /// One pass of the loop: wait for a signal, output or the next frame, then handle what came.
    private func waitForEvents() {
        var fds = [pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)]
        if let relay, !relay.closed {
            fds.append(pollfd(fd: relay.primary, events: Int16(POLLIN), revents: 0))
        }
        let timeout = relay?.timeoutMS() ?? -1
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        guard ready >= 0 else { return }  // EINTR: go round again
        if fds.count > 1 && fds[1].revents != 0 { relay?.relayAvailable() }
        if fds[0].revents != 0 { signals.drain().forEach(handle) }
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
            if delivery.sentByProcess { kill(child, SIGTSTP) }
            suspendSelf()
        case SIGCONT:
            relay?.resume()
        default:
            // Keys on the terminal (Ctrl-C, hangup) already reached the command's process group;
            // only a signal another process sent to loadwrap alone needs passing on.
            if delivery.sentByProcess { kill(child, delivery.signo) }
        }
    }

    /// Collects the command's status once it has ended.
    private func reap() {
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(child, &status, WNOHANG) } while result < 0 && errno == EINTR
        if result == child, let ended = ChildEnd(waitStatus: status) { end = ended }
    }

    /// Ctrl-Z: erase the line, stop with the command, and redraw after `fg`.
    private func suspendSelf() {
        relay?.suspend()
        signals.restoreDefault(SIGTSTP)
        kill(getpid(), SIGTSTP)
        signals.catchAgain(SIGTSTP)
        relay?.resume()
    }
}
