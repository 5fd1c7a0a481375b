import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several commands' output on one terminal, each line labelled with its command's name in its
/// own colour (`LinePrefixer`). Each inner loadwrap gets a pseudo-terminal of its own for the
/// streams that are the terminal, so its command still sees a terminal and keeps its colours,
/// as under one loadwrap; the runner reads them all (`EventSource`) and writes what they say to
/// its own stderr, the terminal, a command at a time: a line one leaves unfinished is ended
/// before another's text (`LinePrefixer.leave`).
final class JobTerminal: EventSource {
    /// The colours the labels take in turn (SGR foregrounds): those of docker compose, without
    /// red, which reads as an error.
    static let colors = [36, 33, 32, 35, 34, 96, 93, 92, 95, 94]

    /// The terminal: the runner's stderr.
    private let terminal: TerminalDevice
    /// The streams each inner gets a pseudo-terminal for: stderr, and stdout when it is the same
    /// terminal (a pipe stays a pipe, its bytes untouched).
    private let streams: [Int32]
    /// The columns a label takes, which each command's terminal is narrower by.
    private let labelWidth: Int
    /// The pseudo-terminals of the inners running, with their job's index, by the inner's pid.
    private var running: [pid_t: (relay: PtyRelay, index: Int)] = [:]
    /// Each job's labelling of its stream; the labels padded to the longest name, so the lines
    /// start in one column.
    private var labels: [LinePrefixer]
    /// The job whose bytes the terminal got last.
    private var lastWriter: Int?
    /// What the kernel does when the last secondary descriptor of a pseudo-terminal closes.
    private let traits = Platform.traits

    /// Labels for `plan`'s commands on the terminal at stderr; nil when there is none, or
    /// `--no-prefix` asked for none: the inners then write where the runner does, untouched.
    init?(plan: JobPlan) {
        guard plan.appearance.prefix, let terminal = TerminalDevice(fd: 2) else { return nil }
        let names = LinePrefixer.padded(plan.jobs.map(\.name))
        labels = names.enumerated().map { index, name in
            LinePrefixer(name: name, color: plan.appearance.color ? Self.colors[index % Self.colors.count] : nil)
        }
        labelWidth = (names.first.map(DisplayWidth.of) ?? 0) + 3
        self.terminal = terminal
        streams = (terminal.isSameDevice(as: 1) ? [1] : []) + [2]
    }

    /// A pseudo-terminal for job `index`, the size of the terminal less the label, and what
    /// installs it as the inner's terminal streams.
    func open(_ index: Int) throws(SpawnError) -> (PtyRelay, Spawner.Redirection) {
        let relay = try PtyRelay(modes: nil)
        relay.sink = LabelledOutput(index: index, terminal: self)
        resize(relay)
        return (relay, Spawner.Redirection(fd: relay.secondary, streams: streams))
    }

    /// The inner `pid` runs on `relay`: it is read from now on. Linux keeps output written to a
    /// pseudo-terminal when its last secondary descriptor closes; Darwin does not, so there the
    /// runner keeps one until the inner has been collected (`Plumbing.commandStarted`).
    func started(_ pid: pid_t, on relay: PtyRelay, index: Int) {
        running[pid] = (relay, index)
        if traits.closingSecondaryKeepsOutput { relay.releaseSecondary() }
    }

    /// The inner `pid` has been collected: what is left is written, its unfinished line ended.
    func ended(_ pid: pid_t) {
        guard let (relay, index) = running.removeValue(forKey: pid) else { return }
        relay.relayAvailable(maxReads: Relay.finalReads)
        Self.discard(relay)
        write(labels[index].finish() + labels[index].leave())
        if lastWriter == index { lastWriter = nil }
    }

    /// Closes the pseudo-terminal of an inner that could not be started.
    static func discard(_ relay: PtyRelay) {
        relay.releaseSecondary()
        close(relay.primary)
    }

    /// Copies the terminal's size, less the label, to every command's terminal (SIGWINCH).
    func resized() {
        for (relay, _) in running.values { resize(relay) }
    }

    /// Writes job `index`'s `chunk`, labelled, after ending the turn of the job that wrote last.
    func write(_ chunk: UnsafeRawBufferPointer, from index: Int) {
        var bytes: [UInt8] = []
        if let last = lastWriter, last != index { bytes = labels[last].leave() }
        bytes += labels[index].feed(chunk)
        if !bytes.isEmpty { lastWriter = index }
        write(bytes)
    }

    func interests(into list: inout [PollInterest]) {
        for (relay, _) in running.values { relay.interests(into: &list) }
    }

    func handle(_ fd: Int32, revents: Int16) {
        running.values.first { $0.relay.primary == fd }?.relay.handle(fd, revents: revents)
    }

    private func resize(_ relay: PtyRelay) {
        guard let size = terminal.size else { return }
        relay.resize(to: (size.rows, UInt16(max(Int(size.columns) - labelWidth, 20))))
    }

    private func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        _ = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(terminal.fd, $0) }
    }
}

/// One job's stream, handed to the terminal it shares with the others.
private final class LabelledOutput: OutputSink {
    private let index: Int
    private unowned let terminal: JobTerminal

    init(index: Int, terminal: JobTerminal) {
        (self.index, self.terminal) = (index, terminal)
    }

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        terminal.write(chunk, from: index)
        return true
    }
}
