import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Overlay mode: the spinner line on the terminal, drawn between chunks of the command's output
/// by the `Painter`, and loadwrap's own lines (an early stop, the end line) on lines of their own.
final class OverlayPresenter: Presenter {
    /// `--notify`: a desktop notification at the end of a run that lasted at least `afterMS`.
    struct Notice {
        var afterMS: Int
        var kind: TerminalNotification.Kind
    }

    /// What the overlay draws on and what it watches there.
    struct Screen {
        /// The terminal whose state decides what may be drawn.
        var terminal: TerminalDevice
        /// Whose echo and canonical mode say whether the terminal is someone else's now.
        var modes: ModeWatch
        /// The pipe loadwrap's stdout leads into, when its reader shares the terminal (guest).
        var sharedPipe: SharedPipe?
        /// Where the overlay and the relayed output are written: the terminal's descriptor in a run.
        var destination: Int32
    }

    /// How long the terminal's indicator stays red after a failure before it is removed.
    static let failureShowsMS = 300

    private var painter: Painter
    private let terminal: TerminalDevice
    /// Whose echo and canonical mode say whether the terminal is someone else's now.
    private let modes: ModeWatch
    /// The pipe loadwrap's stdout leads into, when its reader shares the terminal (guest).
    private let sharedPipe: SharedPipe?
    /// What the data handed to that pipe leaves on the terminal once its reader prints it.
    private var pipe = PipeFollower()
    private let text: ReportText
    /// The command's output held back (`--quiet`, `--tail`); nothing once the tail gave way.
    private var hold: OutputHold
    private let notice: Notice?
    private let clock: any TimeSource
    /// Where the overlay and the relayed output are written: the terminal's descriptor in a run.
    private let destination: Int32
    /// The usual duration from earlier runs, looked up at the first frame; nil when history is off.
    var usual: UsualLookup?
    /// The terminal's turn, beside another loadwrap that writes on the same terminal; nil when
    /// there is none.
    var turn: TurnKeeper?

    /// Draws for `screen`'s terminal, whose state decides what may be drawn; `held` keeps the
    /// command's output back (`--quiet`, `--tail`).
    init(painter: Painter, screen: Screen, text: ReportText, held: HeldOutput?, notice: Notice? = nil,
         clock: any TimeSource) {
        self.painter = painter
        terminal = screen.terminal
        modes = screen.modes
        sharedPipe = screen.sharedPipe
        self.text = text
        hold = OutputHold(held)
        self.notice = notice
        self.clock = clock
        destination = screen.destination
    }

    /// Erase, chunk and (when due) redraw, in one write; with `--quiet` or `--tail`, keep the
    /// chunk instead (the tail's window shows it at the next frame). Held output never reaches the
    /// screen, so the screen stays as the overlay left it.
    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if hold.keep(chunk) {
            if painter.hold(chunk) { giveWay() }
            return true
        }
        relay(chunk)
        return true  // a terminal that went away is not a reader the command should hear of
    }

    /// The chunk on the terminal between the line's erase and its redraw.
    private func relay(_ chunk: UnsafeRawBufferPointer) {
        turn?.beforeOutput(&painter)
        let (head, tail) = painter.around(chunk, nowMS: clock.nowMS(), view: view)
        FileDescriptorIO.writeAll(destination, head: head, body: chunk, tail: tail)
        settleTurn()
    }

    /// The command needs the terminal (a full-screen program, a scroll region, echo or canonical
    /// mode off): the tail's block goes, what was held is shown as it was written, and the rest of
    /// the run is shown as without `--tail`.
    private func giveWay() {
        guard hold.output != nil else { return }
        write(painter.giveWay())
        hold.release { relay($0) }
    }

    func started() {}

    func titleChanged(_ title: String) {
        painter.setTitle(title)
    }

    func titleRestored(_ title: String) {
        painter.setTitle(title)
    }

    func progressChanged(_ progress: LoadProgress?) {
        painter.setProgress(progress, nowMS: clock.nowMS())
    }

    func rowsChanged(_ rows: [SiblingRow]) {
        painter.setSiblings(rows, nowMS: clock.nowMS())
    }

    /// The spinner (and the tail's block) erased, the early stop's line. An early stop is a success,
    /// so what was held so far is dropped, as at a successful end; the command runs on with no
    /// spinner to say so, so the rest of its output is shown as it comes: a server started with
    /// `--until ready --tail` shows its logs after the ready line. A later failure has only that
    /// rest on the screen (`--log` has it all).
    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) {
        hold.drop()
        var bytes = painter.end()
        if let line = text.earlyStop(stop, elapsedMS: elapsedMS) { bytes += painter.ownLine(String(line.dropLast()), lineEnd: lineEnd) }
        write(bytes)
    }

    /// The line erased, held output if the command failed, then the end line; a success already
    /// reported by an early stop is not reported again. Last, the notification of a long run, and
    /// the terminal's indicator removed (after showing a failure a moment). After output that ended
    /// inside a sequence none of these is written (see `Painter.lastLines`).
    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
        let line = afterEarlyStop && outcome.succeeded ? nil : text.end(outcome, elapsedMS: elapsedMS).map { String($0.dropLast()) }
        endDisplay(failed: !outcome.succeeded, line: line)
        if let notice, elapsedMS >= notice.afterMS, !painter.outputUnfinished {
            write(TerminalNotification.bytes(text.summary(outcome, elapsedMS: elapsedMS), kind: notice.kind))
        }
        if painter.indicatorShowsFailure && !painter.outputUnfinished { usleep(useconds_t(Self.failureShowsMS * 1000)) }
        write(painter.removeIndicator())
    }

    /// As a failed end, with the reason in place of the end line.
    func cannotGoOn(_ message: String) {
        endDisplay(failed: true, line: message)
        write(painter.removeIndicator())
    }

    /// The line erased, held output if the run failed, then `line` on a line of its own.
    private func endDisplay(failed: Bool, line: String?) {
        write(painter.end(failed: failed))
        if let held = hold.atEnd(failed: failed) {
            write(painter.replaying(lineEnd: lineEnd))
            held.replay(to: destination)
            painter.replayed(endingAtLineStart: held.endsAtLineStart)
        }
        if let line { write(painter.ownLine(line, lineEnd: lineEnd)) }
        write(painter.lastLines())
    }

    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) {
        write(painter.end(failed: true))
        if let line = text.retry(outcome, elapsedMS: elapsedMS, note: note) {
            write(painter.ownLine(String(line.dropLast()), lineEnd: lineEnd))
        }
        write(painter.lastLines())
        write(painter.removeIndicator())
    }

    /// What earlier attempts held (`--quiet`, `--tail`), as at a failed end, then the reason on a
    /// line of its own: a retry that cannot start ends the run. Nothing of this attempt was drawn.
    func failedToStart(_ message: String) {
        hold.beforeReason(to: destination, lineEnd: lineEnd)
        StandardStreams.err(message + "\n")
    }

    var deadlineMS: Int? { painter.nextFrameMS }

    func tick() {
        let now = clock.nowMS()
        if painter.tail != nil && !modes.allowsDrawing { giveWay() }
        if let ms = usual?.take(nowMS: now) { painter.setUsual(ms: ms) }
        write(painter.frame(nowMS: now, view: view))
    }

    func resized() {
        guard let size = terminal.size else { return }
        write(painter.resized(columns: Int(size.columns), rows: Int(size.rows), nowMS: clock.nowMS(), view: view))
    }

    func suspend() {
        write(painter.suspend())
    }

    func signalKeyTyped() {
        guard terminal.isControlling && terminal.echoesSignalKeys else { return }
        write(painter.signalKeyEchoed())
    }

    func resume() {
        painter.resume()
        resized()
    }

    func dataLeaving(_ chunk: UnsafeRawBufferPointer) {
        write(pipe.leaving(chunk, nowMS: clock.nowMS(), painter: &painter))
    }

    func dataResuming() {
        write(pipe.resuming(nowMS: clock.nowMS(), painter: &painter))
    }

    /// The line away and the turn given to the loadwrap beside, whose output then goes first.
    func makeWay() {
        let gaveUp = turn?.held ?? false
        // As for a pipe's reader: the line stays away until the writing has been quiet a while.
        write(painter.othersAboutToPrint(quietUntilMS: clock.nowMS() + PipeFollower.defaultQuietMS))
        turn?.awaitOthers(gaveUp: gaveUp)
    }

    /// What the terminal allows now: three system calls, read only when a frame is due, and the
    /// terminal's turn taken when all else allows drawing (`TurnKeeper.view`).
    private var view: TerminalView {
        let view = TerminalView(foreground: terminal.isForeground, modesAllowDrawing: modes.allowsDrawing,
                                consumerCaughtUp: sharedPipe?.caughtUp ?? true)
        return turn?.view(view) ?? view
    }

    /// The turn kept only while needed (`TurnKeeper.settle`).
    private func settleTurn() {
        turn?.settle(&painter, nowMS: clock.nowMS())
    }

    /// `\n`, or `\r\n` while the terminal does no output processing (raw mode, keys through loadwrap).
    private var lineEnd: String {
        terminal.translatesNewlines ? "\n" : "\r\n"
    }

    private func write(_ bytes: [UInt8]) {
        defer { settleTurn() }
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBytes { _ = FileDescriptorIO.writeAll(destination, $0) }
    }
}
