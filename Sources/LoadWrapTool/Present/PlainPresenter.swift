import LoadWrapCore
import LoadWrapKit
import LoadWrapRuns
import LoadWrapTimeline

/// Plain mode: lines in a log, never an escape byte of loadwrap's own (GitLab's section markers
/// excepted). A start line (in a CI log group where the CI has them), a line per `say`, a
/// heartbeat after a silence of the log, and the end line outside the group.
///
/// The command's log-bound output comes through here when it passes through a pipe (heartbeats,
/// `--quiet`, `--until`), so loadwrap knows where the log's lines end and when it fell silent.
final class PlainPresenter: Presenter {
    /// The texts of loadwrap's own lines.
    private let text: ReportText
    /// The log group, the failure annotation and the job summary's row.
    private var ci: CI
    /// The heartbeat and progress lines: what they say and when they come.
    private var heartbeat: Heartbeat
    /// Stamps each line of the log with its time (`--timestamps`), or nil.
    private var stamper: LineStamper?
    /// When the run's first attempt started: `--timestamps` counts from here across every attempt,
    /// as moreutils `ts -s` counts from the start of its stream.
    private let runStartMS: Int
    /// Output held back by `--quiet`; nothing after an early stop (see `OverlayPresenter`).
    private var hold: OutputHold
    /// Where the time comes from.
    private let clock: any TimeSource
    /// loadwrap's stderr, the log.
    private let destination: Int32
    /// Whether the log's last byte ended a line: a line of loadwrap's after a partial one (a
    /// progress bar, a prompt) starts a line of its own instead of joining it.
    private(set) var atLineStart = true
    /// The blocks runs nested side by side leave for this run to write (none for most runs).
    private let blocks: any BlockHost

    /// Writes to `destination`, a log of `ci`, with lines timed by `timing`; `held` keeps the
    /// command's output back (`--quiet`); `blocks` are those nested runs leave for this run.
    init(text: ReportText, ci: CI = CI(), timing: Timing, held: HeldOutput?, destination: Int32 = 2,
         blocks: any BlockHost = NoHostedBlocks()) {
        (self.text, self.ci, self.blocks) = (text, ci, blocks)
        stamper = timing.stamper
        runStartMS = timing.runStartMS
        clock = timing.clock
        heartbeat = Heartbeat(title: text.title, startMS: timing.startMS, intervalMS: timing.heartbeatMS,
                              nowMS: clock.nowMS())
        hold = OutputHold(held)
        self.destination = destination
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
        heartbeat.active(atMS: clock.nowMS())
        if let last = chunk.last { atLineStart = last == 0x0A }
        return true
    }

    func started() {
        let line = text.lines.start(text.title)
        // A group's header starts its line: no stamp before it.
        guard let opening = ci.openGroup(header: String(defanged(line).dropLast())) else { return write(line) }
        writeMarkup(opening)
    }

    func titleChanged(_ title: String) {
        write(text.lines.start(title))
        heartbeat.title = title
    }

    /// A nested run ended: no line, but later progress and heartbeat lines name the run again.
    func titleRestored(_ title: String) {
        heartbeat.title = title
    }

    /// Steps started or ended side by side: no line, but the next heartbeat names those running.
    func rowsChanged(_ rows: [SiblingRow]) {
        heartbeat.runningSteps = rows.map(\.title)
    }

    /// A line when the value reaches another tenth (or goes back below one).
    func progressChanged(_ progress: LoadProgress?) {
        if heartbeat.progressChanged(progress) { writeProgress() }
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
        }
        if let held = hold.atEnd(failed: !outcome.succeeded) {
            held.replay(to: destination)
            atLineStart = held.endsAtLineStart
        }
        closeGroup(failed: !outcome.succeeded)
        guard !(afterEarlyStop && outcome.succeeded) || ci.group != nil else { return }
        if let line = text.end(outcome, elapsedMS: elapsedMS) { write(line) }
    }

    /// A run nested in a step ended: its end line, from the run tree, as a step writes its own.
    func stepEnded(_ run: RunTree.Run) {
        if let line = run.endLine(text.lines) { write(line) }
    }

    /// The job summary's rows, one per run of `tree`, and its chart of them.
    func summarize(_ tree: RunTree, outcome: Outcome, elapsedMS: Int) {
        let nowMS = clock.nowMS()
        let own = JobSummary.Step(mark: text.lines.symbol(outcome.succeeded), title: text.title, outcome: outcome,
                                  elapsedMS: elapsedMS)
        ci.jobSummary?.append(tree, own: own, nowMS: nowMS, wallStartMS: WallClock.nowNS() / 1_000_000 - (nowMS - tree.own.startMS))
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
        guard blocks.hasWaiting else { return heartbeat.deadlineMS }
        let retry = clock.nowMS() + Self.blockRetryMS
        return min(heartbeat.deadlineMS ?? retry, retry)
    }

    /// How often the turn is tried while a block waits, besides each turn of the event loop.
    private static let blockRetryMS = 100

    func nestedRunStarted() {
        blocks.prepare()
    }

    func blockWaiting(pid: Int32) {
        blocks.announced(pid: pid)
        writeBlocks()
    }

    /// Writes the blocks waiting, each whole and on lines of its own, as the command's output, the
    /// same as a block its run wrote itself through the log pipe: stamped (`--timestamps`), held
    /// by `--quiet`. The `last` time (the attempt's end) writes every block left (`BlockHost`).
    private func writeBlocks(last: Bool = false) {
        blocks.writeWaiting(last: last) { block in
            if !atLineStart { _ = [UInt8(0x0A)].withUnsafeBytes { output($0) } }
            block.write { _ = output($0) }
        }
    }

    /// After a silence of the interval: `… title · still running · 5m00s`, or with the progress
    /// in place of "still running" when it is known.
    func tick() {
        writeBlocks()
        let now = clock.nowMS()
        guard heartbeat.isDue(atMS: now) else { return }
        if heartbeat.progress != nil { return writeProgress() }
        write(heartbeat.heartbeatLine(text.lines, nowMS: now))
    }

    /// The progress line, with the time since the command started.
    private func writeProgress() {
        if let line = heartbeat.progressLine(text.lines, nowMS: clock.nowMS()) { write(line) }
    }

    /// The CI's error annotation of a failed run, unless `--no-annotate`.
    private func annotate(_ summary: String) {
        if let line = ci.annotation(defanged(summary)) { writeMarkup(line) }
    }

    /// The group's end, where one is open.
    private func closeGroup(failed: Bool) {
        if let closing = ci.closeGroup(failed: failed) { writeMarkup(closing) }
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
        heartbeat.active(atMS: clock.nowMS())
    }
}
