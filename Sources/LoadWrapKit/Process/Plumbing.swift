/// Where the command's standard streams go, and the relays loadwrap runs between them and its own:
///
/// - overlay on a terminal: the terminal-bound streams share one pseudo-terminal (order kept);
/// - plain and silent with `--quiet`, heartbeats or `--until`: stderr, and stdout when it goes
///   to the same place, share one pipe (the log);
/// - with `--until`, stdout bound elsewhere (a data pipe, a file) gets a pipe of its own so its
///   lines are seen; its bytes pass unchanged and are never held.
///
/// Everything else is inherited, untouched.
struct Plumbing {
    /// The pseudo-terminal, in overlay mode on a terminal.
    private(set) var pty: PtyRelay?
    /// Keys from the real terminal to the pseudo-terminal, when the command gets it as its own.
    private(set) var keyboard: KeyboardRelay?
    /// The pipes, log first.
    private(set) var pipes: [PipeRelay] = []
    /// What the spawn installs.
    private(set) var redirections: [Spawner.Redirection] = []

    /// Every relay, for the event loop.
    var relays: [any OutputRelay] { (pty.map { [$0] } ?? []) + pipes }

    /// Opens what `configuration` needs.
    init(_ configuration: Wrapper.Configuration, startMS: Int, clock: any TimeSource) throws(SpawnError) {
        var covered: Set<Int32> = []
        if configuration.mode == .overlay, let terminal = TerminalDevice(fd: 2) {
            try openTerminal(terminal, configuration, startMS: startMS, clock: clock)
            covered = Set(redirections.flatMap(\.streams))
        } else if needsLogPipe(configuration) {
            let streams: [Int32] = (FileIdentity.same(1, 2) ? [1] : []) + [2]
            try openPipe(to: 2, streams: streams, quiet: configuration.quiet, heartbeat: configuration.heartbeat, clock: clock)
            covered = Set(streams)
        }
        if configuration.until != nil && !covered.contains(1) && !StandardDescriptors.isPlaceholder(1) {
            try openPipe(to: 1, streams: [1], quiet: false, heartbeat: nil, clock: clock)
        }
    }

    /// Whether stderr must pass through a pipe: to hold it (`--quiet`), watch it (`--until`), or see
    /// its silences (heartbeats). Also when it is a terminal (TERM=dumb, a CI job run with a tty):
    /// there the heartbeat is what keeps a no-output timer from killing the job; `--heartbeat 0`
    /// leaves the terminal to the command.
    private func needsLogPipe(_ configuration: Wrapper.Configuration) -> Bool {
        guard !StandardDescriptors.isPlaceholder(2) else { return false }
        return configuration.quiet || configuration.until != nil || configuration.heartbeat != nil
    }

    /// Closes loadwrap's copies of what the command now holds; the pseudo-terminal's secondary
    /// side stays open when loadwrap reads the command's modes from it (keys pass through).
    func commandStarted() {
        pipes.forEach { $0.releaseWriteEnd() }
        if keyboard == nil { pty?.releaseSecondary() }
    }

    /// The pseudo-terminal for the streams that are the terminal the overlay draws on.
    private mutating func openTerminal(
        _ terminal: TerminalDevice, _ configuration: Wrapper.Configuration, startMS: Int, clock: any TimeSource
    ) throws(SpawnError) {
        let keys = Self.keyboard(of: terminal)
        let overlay = Overlay(look: configuration.look, title: configuration.title, startMS: startMS,
                              delayMS: configuration.delayMS, columns: Int(terminal.size?.columns ?? 80))
        let pty = try PtyRelay(terminal: terminal, keyboard: keys?.saved, overlay: overlay,
                               quiet: configuration.quiet, clock: clock)
        let ownTerminal = keys != nil
        let streams: [Int32] = (ownTerminal && terminal.isSameDevice(as: 0) ? [0] : [])
            + (terminal.isSameDevice(as: 1) ? [1] : []) + [2]
        redirections.append(Spawner.Redirection(
            fd: pty.secondary, streams: streams, controllingTerminalPath: ownTerminal ? pty.secondaryPath : nil))
        self.pty = pty
        keyboard = keys.map { KeyboardRelay(keys: $0, terminal: terminal, primary: pty.primary, secondary: pty.secondary) }
    }

    /// A pipe relayed to `destination` for `streams`.
    private mutating func openPipe(
        to destination: Int32, streams: [Int32], quiet: Bool, heartbeat: PipeRelay.Heartbeat?, clock: any TimeSource
    ) throws(SpawnError) {
        let pipe = try PipeRelay(destination: destination, quiet: quiet, heartbeat: heartbeat, clock: clock)
        redirections.append(Spawner.Redirection(fd: pipe.writeEnd, streams: streams))
        pipes.append(pipe)
    }

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
}
