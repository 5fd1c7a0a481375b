import LoadWrapCore
import LoadWrapKit
import LoadWrapRuns
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
    private let text: ReportText
    /// The CI service whose log this is, for its failure annotation.
    private let ci: CIService?
    private let group: LogGroup?
    /// The group's header as opened, for a close that names it (TeamCity); nil once it is closed,
    /// so a run stopped while it waited to retry (its group already closed) closes none twice.
    private var groupHeader: String?
    /// Whether a failed run is annotated on the CI's summary page (`--no-annotate`).
    private let annotates: Bool
    /// GitHub's job summary, where each run adds its row; nil elsewhere or with `--no-summary`.
    private let jobSummary: JobSummary?
    /// Stamps each line of the log with its time (`--timestamps`), or nil.
    private var stamper: LineStamper?
    /// Milliseconds of silence in the log before a heartbeat line, or nil for none.
    private let heartbeatMS: Int?
    private var hold: OutputHold
    private let clock: any TimeSource
    /// loadwrap's stderr, the log.
    private let destination: Int32
    /// When the log last saw a byte, from the command or from loadwrap.
    private var lastActivityMS: Int
    /// The title now (`loadwrap say` changes it), for progress and heartbeat lines.
    private var currentTitle: String
    /// The titles of the steps running side by side under this run, if any: heartbeat and progress
    /// lines name them, `… build (step a, step b) · still running · 5m00s`.
    private var runningSteps: [String] = []
    /// When the command started: progress and heartbeat lines say the time since.
    private let startMS: Int
    /// When the run's first attempt started: `--timestamps` counts from here across every attempt,
    /// as moreutils `ts -s` counts from the start of its stream.
    private let runStartMS: Int
    /// How far the command has got, if it said.
    private var progress: LoadProgress?
    /// The tenth the last progress line showed: the first line comes at 10 %.
    private var reportedTenth = 0
    /// Whether the log's last byte ended a line: a line of loadwrap's after a partial one (a
    /// progress bar, a prompt) starts a line of its own instead of joining it.
    private(set) var atLineStart = true
    /// The blocks runs nested side by side leave for this run to write (`SiblingBlocks`), or nil.
    private let blocks: SiblingBlocks?
    /// Relays what waits in the log's pipe, so that a block goes after what the run that
    /// streamed wrote before it let the turn go.
    var drainLog: () -> Void = {}

    /// Writes to `destination`, a log of `ci`, with lines timed by `timing`; `held` keeps the
    /// command's output back (`--quiet`).
    init(text: ReportText, ci: CI = CI(), timing: Timing, held: HeldOutput?, clock: any TimeSource,
         destination: Int32 = 2, blocks: SiblingBlocks? = nil) {
        self.blocks = blocks
        stamper = timing.stamper
        self.text = text
        self.ci = ci.service
        annotates = ci.annotates
        jobSummary = ci.jobSummary
        group = ci.group
        heartbeatMS = timing.heartbeatMS
        startMS = timing.startMS
        runStartMS = timing.runStartMS
        currentTitle = text.title
        hold = OutputHold(held)
        self.clock = clock
        self.destination = destination
        lastActivityMS = clock.nowMS()
    }

    /// Holds or writes one chunk, each line stamped as it begins (`--timestamps`); only what
    /// reaches the log counts as activity.
    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard stamper != nil else { return pass(chunk) }
        let stamped = stamper!.stamped(chunk, elapsedMS: clock.nowMS() - runStartMS)
        return stamped.withUnsafeBytes { pass($0) }
    }

    /// Holds or writes `chunk` as it is.
    private func pass(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if hold.keep(chunk) { return true }
        guard FileDescriptorIO.writeAll(destination, chunk) else { return false }
        lastActivityMS = clock.nowMS()
        if let last = chunk.last { atLineStart = last == 0x0A }
        return true
    }

    func started() {
        let line = text.lines.start(text.title)
        guard let group else { return write(line) }
        // A group's header starts its line: no stamp before it.
        let header = String(defanged(line).dropLast())
        groupHeader = header
        writeMarkup(group.open(header: header, unixTime: time(nil)))
    }

    func titleChanged(_ title: String) {
        write(text.lines.start(title))
        currentTitle = title
    }

    /// A nested run ended: no line, but later progress and heartbeat lines name the run again.
    func titleRestored(_ title: String) {
        currentTitle = title
    }

    /// Steps started or ended side by side: no line, but the next heartbeat names those running.
    func rowsChanged(_ rows: [SiblingRow]) {
        runningSteps = rows.map(\.title)
    }

    /// The title, and the steps running side by side under it.
    private var titleWithSteps: String {
        runningSteps.isEmpty ? currentTitle : "\(currentTitle) (\(runningSteps.joined(by: ", ")))"
    }

    /// A line when the value reaches another tenth (or goes back below one): a CI log gets at most
    /// about ten of them, however often the command reports.
    func progressChanged(_ progress: LoadProgress?) {
        self.progress = progress
        guard let progress else { return }
        let tenth = Int(progress.fraction * 10)
        guard tenth != reportedTenth else { return }
        reportedTenth = tenth
        writeProgress(progress)
    }

    /// The early stop's line; held output is dropped and the rest passes (see `OverlayPresenter`).
    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) {
        hold.drop()
        if let line = text.earlyStop(stop, elapsedMS: elapsedMS) { write(line) }
    }

    /// Held output if the command failed, the group's end, then the end line: a success already
    /// reported by an early stop is not reported again, unless that line is folded away in a group.
    /// A failure is annotated last, where the CI has annotations.
    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
        writeBlocks(last: true)
        defer {
            if !outcome.succeeded { annotate(text.summary(outcome, elapsedMS: elapsedMS)) }
            jobSummary?.append(mark: text.lines.symbol(outcome.succeeded), title: text.title, outcome: outcome,
                               elapsedMS: elapsedMS)
        }
        if let held = hold.atEnd(failed: !outcome.succeeded) {
            held.replay(to: destination)
            atLineStart = held.endsAtLineStart
        }
        closeGroup(failed: !outcome.succeeded)
        guard !(afterEarlyStop && outcome.succeeded) || group != nil else { return }
        if let line = text.end(outcome, elapsedMS: elapsedMS) { write(line) }
    }

    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) {
        writeBlocks(last: true)
        closeGroup(failed: true)
        if let line = text.retry(outcome, elapsedMS: elapsedMS, note: note) { write(line) }
    }

    /// What earlier attempts held (`--quiet`), as at a failed end, then the reason: a retry that
    /// cannot start ends the run.
    func failedToStart(_ message: String) {
        writeBlocks(last: true)
        if let held = hold.atEnd(failed: true) {
            held.replay(to: destination)
            atLineStart = held.endsAtLineStart
        }
        closeGroup(failed: true)
        write(message + "\n")
    }

    /// The next heartbeat, or sooner the next try for the turn while a block waits.
    var deadlineMS: Int? {
        let heartbeat = heartbeatMS.map { lastActivityMS + $0 }
        guard blocks?.hasPending == true else { return heartbeat }
        let retry = clock.nowMS() + Self.blockRetryMS
        return min(heartbeat ?? retry, retry)
    }

    /// How often the turn is tried while a block waits, besides each turn of the event loop.
    private static let blockRetryMS = 100
    /// How long the end waits for nested runs still ending (their blocks still to come, or one
    /// still streaming) before it writes the blocks left.
    private static let lastBlocksWaitMS = 5_000

    func blockWaiting(pid: Int32) {
        blocks?.announced(pid: pid)
        writeBlocks()
    }

    /// Writes the blocks waiting, each whole, once no nested run streams. The `last` time (the
    /// attempt's end) waits a while for runs that held their output and still end (a command
    /// stopped by a signal may end before them), then writes every block left, announced or not,
    /// in the turn or, after that wait, without it: nothing a command wrote is lost. The log is
    /// relayed while it waits: a run that still streams must not block on a full pipe, holding
    /// the turn the wait is for.
    private func writeBlocks(last: Bool = false) {
        guard let blocks else { return }
        if last {
            _ = blocks.running.take(waitingMS: Self.lastBlocksWaitMS, meanwhile: drainLog)
            blocks.running.release()
            // What those runs wrote to the log pipe before they ended (a block written in the
            // turn, an end line) is in the pipe now: relayed here, as the wait may not have run
            // once, and no later read comes when no block is left.
            drainLog()
        }
        guard last ? blocks.anyLeft : blocks.hasPending else { return }
        guard blocks.turn.take(waitingMS: last ? Self.lastBlocksWaitMS : 0, meanwhile: drainLog) || last else { return }
        defer { blocks.turn.release() }
        drainLog()
        for path in blocks.take(all: last) {
            if !atLineStart { _ = [UInt8(0x0A)].withUnsafeBytes { output($0) } }
            // As the command's output, the same as a block its run wrote itself through the log
            // pipe: stamped (`--timestamps`), held by `--quiet`.
            SiblingBlocks.write(path) { _ = output($0) }
        }
    }

    /// After a silence of the interval: `… title · still running · 5m00s`, or with the progress
    /// in place of "still running" when it is known.
    func tick() {
        writeBlocks()
        guard let heartbeatMS else { return }
        let now = clock.nowMS()
        guard now - lastActivityMS >= heartbeatMS else { return }
        if let progress { return writeProgress(progress) }
        write(text.lines.heartbeat(titleWithSteps, elapsedMS: now - startMS))
    }

    private func writeProgress(_ progress: LoadProgress) {
        write(text.lines.progress(titleWithSteps, figures: progress.figures, elapsedMS: clock.nowMS() - startMS))
    }

    /// The CI's error annotation of a failed run, unless `--no-annotate`.
    private func annotate(_ summary: String) {
        guard annotates, let line = ci?.failureAnnotation(defanged(summary)) else { return }
        writeMarkup(line)
    }

    private func closeGroup(failed: Bool) {
        guard let group, let header = groupHeader else { return }
        groupHeader = nil
        writeMarkup(group.close(header: header, failed: failed, unixTime: time(nil)))
    }

    /// `line` with no command of any CI's in it.
    private func defanged(_ line: String) -> String {
        CommandBreak.apply(line)
    }

    /// Writes one of loadwrap's own lines, on a line of its own, stamped like the command's.
    private func write(_ line: String) {
        writeMarkup((stamper?.text(elapsedMS: clock.nowMS() - runStartMS) ?? "") + defanged(line))
    }

    /// Writes loadwrap's own bytes as they are (a group's markers, a line already defanged), on a
    /// line of their own.
    private func writeMarkup(_ line: String) {
        guard !line.isEmpty else { return }
        FileDescriptorIO.writeAll(destination, (atLineStart ? "" : "\n") + line)
        stamper?.ownLineWritten()
        atLineStart = line.utf8.last == 0x0A
        lastActivityMS = clock.nowMS()
    }
}
