import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Several commands' output on one terminal, each line labelled with its command's name in its
/// own colour (`LinePrefixer`). Each command writes to a pseudo-terminal of its own, so it still
/// sees a terminal and keeps its colours; the runner opens it as the command starts and hands it
/// here over a socket pair this loadwrap made (`TerminalSender`, `HandoverRecord`), and this
/// loadwrap reads the terminals of the commands running and hands what they say, labelled, to
/// its presenter, a command at a time: a line one leaves unfinished is ended before another's
/// text (`LinePrefixer.leave`). A line so passes one pseudo-terminal and one process, as under
/// one loadwrap (issue 43: the runner relaying them through a pseudo-terminal of its own took
/// 1.6–1.9× the time of one command), and the descriptors open grow with `-j`, not with the
/// commands given: a terminal is closed once it is read to its end.
package final class JobTerminals: SideTerminals {
    /// The colours the labels take in turn (SGR foregrounds): those of docker compose, without
    /// red, which reads as an error.
    static let colors = [36, 33, 32, 35, 34, 96, 93, 92, 95, 94]

    /// This loadwrap's end of the socket pair, once open and until drained.
    private var ownEnd: HandoverChannel?
    /// The runner's end, until the runner holds it.
    private var runnerEnd: HandoverChannel?
    /// The records read so far.
    private var decoder = HandoverDecoder()
    /// The terminal of each command running (or whose terminal still has a writer), by job.
    private var relays: [Int: PtyRelay] = [:]
    /// Darwin: this loadwrap keeps each terminal's secondary side until the command's inner has
    /// been collected, as XNU empties a pseudo-terminal whose last secondary closes
    /// (`Plumbing.commandStarted`).
    private var holdsSecondaries = false
    /// The size of the terminal the lines are shown on.
    private var size: (rows: UInt16, columns: UInt16)?
    /// Each command's labelling of its stream; the labels padded to the longest name, so the
    /// lines start in one column.
    private var labels: [LinePrefixer]
    /// The columns a label takes, which each command's terminal is narrower by.
    private let labelWidth: Int
    /// The command whose bytes went out last.
    private var lastWriter: Int?
    package var sink: (any OutputSink)?
    package var tap: ((UnsafeRawBufferPointer) -> Void)?

    /// Labels for commands with these short names, in colour when `color`.
    package init(names: [String], color: Bool) {
        labels = LinePrefixer.padded(names).enumerated().map { index, name in
            LinePrefixer(name: name, color: color ? Self.colors[index % Self.colors.count] : nil)
        }
        labelWidth = Self.labelWidth(of: names)
    }

    /// The columns the label of commands with these short names takes: the longest, then ` | `.
    static func labelWidth(of names: [String]) -> Int {
        (LinePrefixer.padded(names).first.map(DisplayWidth.of) ?? 0) + 3
    }

    /// A command's terminal's size on a terminal of `size`: narrower by the label, 20 columns at least.
    static func commandSize(of size: (rows: UInt16, columns: UInt16), labelWidth: Int) -> (rows: UInt16, columns: UInt16) {
        (size.rows, UInt16(max(Int(size.columns) - labelWidth, 20)))
    }

    package func open(size: (rows: UInt16, columns: UInt16)?) throws(SpawnError) {
        (ownEnd, runnerEnd) = try HandoverChannel.pair()
        self.size = size
    }

    package var channel: Int32 { runnerEnd?.fd ?? -1 }

    package func resize(to size: (rows: UInt16, columns: UInt16)?) {
        self.size = size
        for relay in relays.values { resize(relay) }
    }

    package func commandStarted(traits: Platform.Traits) {
        holdsSecondaries = !traits.closingSecondaryKeepsOutput
        runnerEnd?.closeEnd()
        runnerEnd = nil
    }

    package func drain() {
        receive()
        for job in relays.keys.sorted() {
            relays[job]?.relayAvailable(maxReads: Relay.finalReads)
            finish(job)
        }
        decoder.leftovers().forEach { _ = close($0) }
        ownEnd?.closeEnd()
        ownEnd = nil
    }

    package func interests(into list: inout [PollInterest]) {
        if let ownEnd { list.append(.readable(ownEnd.fd)) }
        for relay in relays.values { relay.interests(into: &list) }
    }

    package func handle(_ fd: Int32, revents: Int16) {
        if fd == ownEnd?.fd { return receive() }
        guard let (job, relay) = relays.first(where: { $0.value.primary == fd }) else { return }
        relay.handle(fd, revents: revents)
        if relay.closed { finish(job) }
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

    /// Takes every record waiting on the channel and answers each with a byte; once the runner
    /// is gone, the channel is closed, so a hang-up is not reported every turn.
    private func receive() {
        while let channel = ownEnd {
            switch channel.receive() {
            case .data(let bytes, let descriptors):
                let records = decoder.feed(bytes, descriptors: descriptors)
                for (record, descriptors) in records { take(record, descriptors) }
                if !records.isEmpty { _ = channel.send([UInt8](repeating: 0, count: records.count)) }
            case .nothing: return
            case .closed:
                channel.closeEnd()
                ownEnd = nil
            }
        }
    }

    /// Acts on one record: a command's terminal joins the others; after a command's end, where
    /// this loadwrap holds the secondary side, what is left is read and the terminal closed.
    private func take(_ record: HandoverRecord, _ descriptors: [Int32]) {
        switch record {
        case .terminal(let job):
            guard descriptors.count == HandoverRecord.terminalDescriptors, labels.indices.contains(job),
                  relays[job] == nil else { return descriptors.forEach { _ = close($0) } }
            let relay = PtyRelay(primary: descriptors[0], secondary: descriptors[1])
            relay.sink = LabelledOutput(index: job, terminals: self)
            resize(relay)
            if !holdsSecondaries { relay.releaseSecondary() }
            relays[job] = relay
        case .ended(let job):
            guard holdsSecondaries, let relay = relays[job] else { return }
            relay.relayAvailable(maxReads: Relay.finalReads)
            finish(job)
        }
    }

    /// Gives `relay` the size of a command's terminal on the terminal shown.
    private func resize(_ relay: PtyRelay) {
        guard let size else { return }
        relay.resize(to: Self.commandSize(of: size, labelWidth: labelWidth))
    }

    /// Command `job`'s terminal is read to its end: it is closed, what its label held back goes
    /// out and its unfinished line is ended.
    private func finish(_ job: Int) {
        guard let relay = relays.removeValue(forKey: job) else { return }
        if relay.secondary >= 0 { relay.releaseSecondary() }
        close(relay.primary)
        hand(labels[job].finish() + labels[job].leave())
        if lastWriter == job { lastWriter = nil }
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
