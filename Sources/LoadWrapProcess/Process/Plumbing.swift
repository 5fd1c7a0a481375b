#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where the command's standard streams go, and the relays loadwrap runs between them and its own:
///
/// - overlay on a terminal: the terminal-bound streams share one pseudo-terminal (order kept);
///   it is the command's controlling terminal only when loadwrap is alone on the terminal;
/// - plain and silent with `--quiet`, heartbeats or `--until`: stderr, and stdout when it goes
///   to the same place, share one pipe (the log);
/// - stdout bound elsewhere gets a pipe of its own when loadwrap must see it: a guest erases its
///   line before data reaches a reader that shares the terminal, and `--until` reads its lines.
///   Its bytes pass unchanged and are never held.
///
/// Everything else is inherited, untouched.
package final class Plumbing {
    /// What the run needs passed through loadwrap.
    package struct Needs {
        /// The overlay's terminal (overlay mode, stderr a terminal), or nil.
        var terminal: TerminalDevice?
        /// The log passes through a pipe: `--quiet`, `--until` or heartbeats, without an overlay.
        var logPipe: Bool
        /// stdout passes through a pipe of its own when not already covered.
        var stdoutPipe: Bool
        /// The command's pseudo-terminal does the output processing (beside a loadwrap that draws).
        var processesOutput = false
        /// More terminals read as the command's output, opened with its own (several `-c`), or nil.
        var side: (any SideTerminals)?

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(terminal: TerminalDevice? = nil, logPipe: Bool, stdoutPipe: Bool, processesOutput: Bool = false,
                     side: (any SideTerminals)? = nil) {
            self.terminal = terminal
            self.logPipe = logPipe
            self.stdoutPipe = stdoutPipe
            self.processesOutput = processesOutput
            self.side = side
        }
    }

    /// The pseudo-terminal, in overlay mode on a terminal.
    private(set) var pty: PtyRelay?
    /// Keys from the real terminal to the pseudo-terminal, when the command gets it as its own.
    private(set) var keyboard: KeyboardRelay?
    /// The log pipe, in plain and silent mode when output must pass through loadwrap.
    package private(set) var log: PipeRelay?
    /// The command's stdout, when loadwrap must see it on its way to its own stdout.
    private(set) var data: DataRelay?
    /// The terminals beside the pseudo-terminal (several `-c`), handed over as the command opens them.
    private(set) var side: (any SideTerminals)?
    /// The descriptor the command gets the channel they come over at, or nil.
    package private(set) var sideChannelFD: Int32?
    /// What the spawn installs.
    private(set) var redirections: [Spawner.Redirection] = []

    /// Opens what `needs` asks for, arranged for `topology`; `keys` is the real terminal as a
    /// keyboard when keys pass through loadwrap.
    package init(_ needs: Needs, topology: Topology, keys: RawMode?) throws(SpawnError) {
        if let terminal = needs.terminal {
            try openTerminal(terminal, topology: topology, keys: keys, processesOutput: needs.processesOutput)
            try openSide(needs.side, size: terminal.size)
        } else if needs.logPipe && !StandardDescriptors.isPlaceholder(2) {
            let log = try PipeRelay()
            redirections.append(Spawner.Redirection(fd: log.writeEnd, streams: (FileIdentity.same(1, 2) ? [1] : []) + [2]))
            self.log = log
        }
        // An array, not a Set: Set<Int32>'s metadata, built at first use, cost ~12 k instructions
        // before the command started (callgrind).
        let covered = redirections.flatMap(\.streams)
        if needs.stdoutPipe && !covered.contains(1) && !StandardDescriptors.isPlaceholder(1) {
            let data = try DataRelay(destination: 1)
            redirections.append(Spawner.Redirection(fd: data.writeEnd, streams: [1]))
            self.data = data
        }
    }

    /// The descriptor, in loadwrap, that the command gets as `stream`: the pipe or pty loadwrap
    /// reads, or loadwrap's own.
    package func commandDescriptor(for stream: Int32) -> Int32 {
        redirections.first { $0.streams.contains(stream) }?.fd ?? stream
    }

    /// Every source of output, for the event loop.
    var sources: [any EventSource] {
        var list: [any EventSource] = []
        if let pty { list.append(pty) }
        if let log { list.append(log) }
        if let data { list.append(data) }
        if let side { list.append(side) }
        return list
    }

    /// Hands output to `sink`; before data leaves, a guest's sink erases its line.
    /// `outputLog` (`--log`) sees the output first and hands it on to `sink`.
    package func connect(to sink: any OutputSink, guest: Bool, outputLog: OutputLog? = nil) {
        outputLog?.next = sink
        let first: any OutputSink = outputLog ?? sink
        pty?.sink = first
        side?.sink = first
        log?.sink = first
        guard guest else { return }
        data?.leaving = { [unowned sink] chunk in sink.dataLeaving(chunk) }
        data?.resuming = { [unowned sink] in sink.dataResuming() }
    }

    /// Sets a tap on every output source (`--until`); nil removes it.
    package func tap(_ body: ((UnsafeRawBufferPointer) -> Void)?) {
        pty?.tap = body
        side?.tap = body
        log?.tap = body
        data?.tap = body
    }

    /// Whose echo and canonical mode tell when the command (or, on a shared terminal, anyone)
    /// wants the terminal to itself.
    package func modeWatch(on terminal: TerminalDevice, topology: Topology) -> ModeWatch {
        switch topology {
        case .ownTerminal: return ModeWatch(fd: pty!.secondary, rule: .unchangedSinceStart)
        case .guest: return ModeWatch(fd: terminal.fd, rule: .cookedWithEcho)
        case .sharedGroup, .ownGroup: return ModeWatch(fd: terminal.fd, rule: .unchangedSinceStart)
        }
    }

    /// Closes loadwrap's copies of what the command now holds. The pseudo-terminal's secondary
    /// side stays open while loadwrap reads the command's modes from it (keys pass through), and
    /// where closing the last one discards the output not yet read: XNU's ptsclose calls
    /// ttyclose, whose ttyflush(tp, FREAD | FWRITE) empties the queue the primary reads
    /// (bsd/kern/tty_dev.c, bsd/kern/tty.c); `drain` closes it once the command is reaped.
    func commandStarted(traits: Platform.Traits) {
        log?.releaseWriteEnd()
        data?.releaseWriteEnd()
        if keyboard == nil && traits.closingSecondaryKeepsOutput { pty?.releaseSecondary() }
        side?.commandStarted(traits: traits)
    }

    /// Relays what is left after the command ended, bounded; then no copy of the secondary side
    /// is needed any more.
    func drain() {
        pty?.relayAvailable(maxReads: Relay.finalReads)
        if keyboard == nil { pty?.releaseSecondary() }
        side?.drain()
        log?.relayAvailable(maxReads: Relay.finalReads)
        data?.relayAvailable(maxReads: Relay.finalReads, finishing: true)
    }

    /// Copies the terminal's size to the command's pseudo-terminal and those beside it.
    func resize(to size: (rows: UInt16, columns: UInt16)?) {
        pty?.resize(to: size)
        side?.resize(to: size)
    }

    /// Opens the channel the terminals beside the command's come over and installs the
    /// command's end above every descriptor the spawn moves, so that the installation overwrites
    /// the source of no other (posix_spawn's dup2 actions run in order).
    private func openSide(_ side: (any SideTerminals)?, size: (rows: UInt16, columns: UInt16)?) throws(SpawnError) {
        guard let side else { return }
        try side.open(size: size)
        let installed = (redirections.map(\.fd) + [side.channel, 2]).max()! + 1
        redirections.append(Spawner.Redirection(fd: side.channel, streams: [installed]))
        (self.side, sideChannelFD) = (side, installed)
    }

    /// The pseudo-terminal for the streams that are the terminal the overlay draws on.
    private func openTerminal(_ terminal: TerminalDevice, topology: Topology, keys: RawMode?,
                              processesOutput: Bool) throws(SpawnError) {
        let pty = try PtyRelay(modes: keys?.saved, processesOutput: processesOutput)
        pty.resize(to: terminal.size)
        let own = topology == .ownTerminal
        let streams: [Int32] = (own && terminal.isSameDevice(as: 0) ? [0] : [])
            + (terminal.isSameDevice(as: 1) ? [1] : []) + [2]
        redirections.append(Spawner.Redirection(
            fd: pty.secondary, streams: streams, controllingTerminalPath: own ? pty.secondaryPath : nil))
        self.pty = pty
        if own, let keys {
            keyboard = KeyboardRelay(keys: keys, terminal: terminal, primary: pty.primary, secondary: pty.secondary)
        }
    }
}
