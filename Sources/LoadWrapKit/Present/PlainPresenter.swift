#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain mode: lines in a log, never an escape byte of loadwrap's own (GitLab's section markers
/// excepted). A start line (in a CI log group where the CI has them), a line per `say`, a
/// heartbeat after a silence of the log, and the end line outside the group.
///
/// The command's log-bound output comes through here when it passes through a pipe (heartbeats,
/// `--quiet`, `--until`), so loadwrap knows where the log's lines end and when it fell silent.
final class PlainPresenter: Presenter {
    /// What a silence is and what to say after one.
    struct Heartbeat {
        /// Milliseconds of silence in the log before a line.
        var intervalMS: Int
        /// When the command started; the line says the time since.
        var startMS: Int
    }

    private let text: ReportText
    private let group: LogGroup?
    private let heartbeat: Heartbeat?
    private let held: HeldOutput?
    private let clock: any TimeSource
    /// loadwrap's stderr, the log.
    private let destination: Int32
    /// When the log last saw a byte, from the command or from loadwrap.
    private var lastActivityMS: Int
    /// Whether the log's last byte ended a line: a line of loadwrap's after a partial one (a
    /// progress bar, a prompt) starts a line of its own instead of joining it.
    private(set) var atLineStart = true

    /// Writes to `destination`; `held` keeps the command's output back (`--quiet`).
    init(text: ReportText, group: LogGroup?, heartbeat: Heartbeat?, held: HeldOutput?,
         clock: any TimeSource, destination: Int32 = 2) {
        self.text = text
        self.group = group
        self.heartbeat = heartbeat
        self.held = held
        self.clock = clock
        self.destination = destination
        lastActivityMS = clock.nowMS()
    }

    /// Holds or writes one chunk; only what reaches the log counts as activity.
    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if let held {
            held.append(chunk)
            return true
        }
        guard FileDescriptorIO.writeAll(destination, chunk) else { return false }
        lastActivityMS = clock.nowMS()
        if let last = chunk.last { atLineStart = last == 0x0A }
        return true
    }

    func started() {
        let line = text.lines.start(text.title)
        write(group.map { $0.open(header: String(line.dropLast()), unixTime: time(nil)) } ?? line)
    }

    func titleChanged(_ title: String) {
        write(text.lines.start(title))
    }

    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) {
        if let line = text.earlyStop(stop, elapsedMS: elapsedMS) { write(line) }
    }

    /// Held output if the command failed, the group's end, then the end line: a success already
    /// reported by an early stop is not reported again, unless that line is folded away in a group.
    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
        if let held, !outcome.succeeded {
            held.replay(to: destination)
            atLineStart = held.endsAtLineStart
        }
        closeGroup()
        guard !(afterEarlyStop && outcome.succeeded) || group != nil else { return }
        if let line = text.end(outcome, elapsedMS: elapsedMS) { write(line) }
    }

    func failedToStart(_ message: String) {
        closeGroup()
        write(message + "\n")
    }

    var deadlineMS: Int? {
        heartbeat.map { lastActivityMS + $0.intervalMS }
    }

    /// After a silence of the interval: `… title · still running · 5m00s`.
    func tick() {
        guard let heartbeat else { return }
        let now = clock.nowMS()
        guard now - lastActivityMS >= heartbeat.intervalMS else { return }
        write(text.lines.heartbeat(text.title, elapsedMS: now - heartbeat.startMS))
    }

    private func closeGroup() {
        if let group { write(group.close(unixTime: time(nil))) }
    }

    /// Writes one of loadwrap's own lines, on a line of its own.
    private func write(_ line: String) {
        FileDescriptorIO.writeAll(destination, (atLineStart ? "" : "\n") + line)
        atLineStart = line.utf8.last == 0x0A
        lastActivityMS = clock.nowMS()
    }
}
