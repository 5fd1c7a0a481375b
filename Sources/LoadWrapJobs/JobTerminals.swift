import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several commands' output on one terminal, each line labelled with its command's name in its
/// own colour (`LinePrefixer`). The loadwrap that shows the run opens a pseudo-terminal per
/// command beside its own (`SideTerminals`), so each command still sees a terminal and keeps its
/// colours; the runner hands each to its command's inner loadwrap, and this loadwrap reads them
/// all and hands what they say, labelled, to its presenter, a command at a time: a line one
/// leaves unfinished is ended before another's text (`LinePrefixer.leave`). A line so passes one
/// pseudo-terminal and one process, as under one loadwrap (issue 43: the runner relaying them
/// through a pseudo-terminal of its own took 1.6–1.9× the time of one command).
package final class JobTerminals: SideTerminals {
    /// The colours the labels take in turn (SGR foregrounds): those of docker compose, without
    /// red, which reads as an error.
    static let colors = [36, 33, 32, 35, 34, 96, 93, 92, 95, 94]

    /// Each command's terminal, once open, in the order of the commands.
    private var relays: [PtyRelay] = []
    /// Each command's labelling of its stream; the labels padded to the longest name, so the
    /// lines start in one column.
    private var labels: [LinePrefixer]
    /// The columns a label takes, which each command's terminal is narrower by.
    private let labelWidth: Int
    /// The command whose bytes went out last.
    private var lastWriter: Int?
    /// The commands whose terminal has ended (no writer left) and whose labels are finished.
    private var ended: Set<Int> = []
    package var sink: (any OutputSink)?
    package var tap: ((UnsafeRawBufferPointer) -> Void)?

    /// Labels for commands with these short names, in colour when `color`.
    package init(names: [String], color: Bool) {
        let padded = LinePrefixer.padded(names)
        labels = padded.enumerated().map { index, name in
            LinePrefixer(name: name, color: color ? Self.colors[index % Self.colors.count] : nil)
        }
        labelWidth = (padded.first.map(DisplayWidth.of) ?? 0) + 3
    }

    package func open(modes: termios?, processesOutput: Bool, size: (rows: UInt16, columns: UInt16)?)
        throws(SpawnError) {
        for index in labels.indices {
            let relay = try PtyRelay(modes: modes, processesOutput: processesOutput)
            relay.sink = LabelledOutput(index: index, terminals: self)
            relays.append(relay)
        }
        resize(to: size)
    }

    package var secondaries: [Int32] { relays.map(\.secondary) }

    package func resize(to size: (rows: UInt16, columns: UInt16)?) {
        guard let size else { return }
        let narrower = (size.rows, UInt16(max(Int(size.columns) - labelWidth, 20)))
        for relay in relays { relay.resize(to: narrower) }
    }

    /// Linux keeps output written to a pseudo-terminal when its last secondary descriptor
    /// closes, so this loadwrap lets go of its copies, and each terminal reports its end once
    /// its command and all it started are gone. Darwin does not (`Plumbing.commandStarted`):
    /// there the copies stay until the end, and each command's labels finish then.
    package func commandStarted(traits: Platform.Traits) {
        guard traits.closingSecondaryKeepsOutput else { return }
        for relay in relays { relay.releaseSecondary() }
    }

    package func drain() {
        for (index, relay) in relays.enumerated() {
            relay.relayAvailable(maxReads: Relay.finalReads)
            if relay.secondary >= 0 { relay.releaseSecondary() }
            finish(index)
            close(relay.primary)
        }
        relays.removeAll()
    }

    package func interests(into list: inout [PollInterest]) {
        for relay in relays { relay.interests(into: &list) }
    }

    package func handle(_ fd: Int32, revents: Int16) {
        guard let index = relays.firstIndex(where: { $0.primary == fd }) else { return }
        relays[index].handle(fd, revents: revents)
        if relays[index].closed { finish(index) }
    }

    /// Hands on command `index`'s `chunk`, labelled, after ending the turn of the command that
    /// wrote last.
    func write(_ chunk: UnsafeRawBufferPointer, from index: Int) {
        var bytes: [UInt8] = []
        if let last = lastWriter, last != index { bytes = labels[last].leave() }
        bytes += labels[index].feed(chunk)
        if !bytes.isEmpty { lastWriter = index }
        hand(bytes)
    }

    /// Command `index`'s terminal has no writer left: what it held back goes out, its unfinished
    /// line is ended, once.
    private func finish(_ index: Int) {
        guard ended.insert(index).inserted else { return }
        hand(labels[index].finish() + labels[index].leave())
        if lastWriter == index { lastWriter = nil }
    }

    private func hand(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { chunk in
            _ = sink?.output(chunk)
            tap?(chunk)
        }
    }
}

/// One command's stream, handed to the terminal it shares with the others.
private final class LabelledOutput: OutputSink {
    private let index: Int
    private unowned let terminals: JobTerminals

    init(index: Int, terminals: JobTerminals) {
        (self.index, self.terminals) = (index, terminals)
    }

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        terminals.write(chunk, from: index)
        return true
    }
}
