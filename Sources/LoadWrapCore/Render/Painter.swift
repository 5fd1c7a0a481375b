/// What the real terminal allows at one moment, read by the effectful side before each decision
/// of the `Painter`, so the decision itself stays a pure function of its inputs.
package struct TerminalView: Equatable, Sendable {
    /// True when nothing of the terminal's keeps the line away.
    package var allowsDrawing: Bool { foreground && modesAllowDrawing && consumerCaughtUp && hasTurn }

    /// loadwrap's process group has the terminal's foreground (not a background job, not a shell inside).
    var foreground = true
    /// Nobody has switched off echo or canonical mode (a pager, an editor, a password prompt).
    var modesAllowDrawing = true
    /// The other side of a shared pipe has read everything loadwrap handed it (guest only).
    var consumerCaughtUp = true
    /// No other loadwrap on the same terminal is writing there (its turn; see the tool's `TerminalTurn`).
    package var hasTurn = true

    package init(foreground: Bool = true, modesAllowDrawing: Bool = true, consumerCaughtUp: Bool = true, hasTurn: Bool = true) {
        (self.foreground, self.modesAllowDrawing, self.consumerCaughtUp) = (foreground, modesAllowDrawing, consumerCaughtUp)
        self.hasTurn = hasTurn
    }
}

/// The overlay's drawing decisions as a pure value: the bytes around each chunk of the command's
/// terminal output (erase → chunk → the line back, in one write), on each frame, on resize,
/// suspend and end, around loadwrap's own lines, and before data leaves through a pipe whose
/// other side prints on the same terminal. Time and the terminal's state are passed in.
///
/// Pinned means pinned: whenever drawing is allowed the line is on the screen. The frame interval
/// limits how often the animation advances and how often the terminal's state is read, never
/// whether the line is put back after a chunk.
package struct Painter {
    /// The spinner line.
    private(set) var overlay: Overlay
    /// What the command's terminal output has left on the terminal.
    private var scanner = OutputScanner()
    /// What the data handed to a shared pipe leaves on the terminal once its reader prints it, as
    /// `cat` or `tee` would; a reader that filters (`grep`) prints less, so this errs on the safe side.
    private var passed = OutputScanner()
    /// True when the data handed to the pipe came after the command's last terminal output: the
    /// terminal's cursor is where that data left it.
    private var dataWroteLast = false
    /// False once the data turned out to be binary (a NUL byte): its reader does not print it
    /// (`| gzip > f`, `| tar x`), so it says nothing about the terminal.
    private var followsData = true
    /// When own lines waiting after the end are tried again (see `frame`).
    private var retryLinesMS = 0
    /// True while loadwrap is stopped (Ctrl-Z).
    private var suspended = false
    /// True once the spinner has stopped for good (`--until`, `loadwrap done`, the end).
    private(set) var ended = false
    /// When data last left through a shared pipe; its reader prints soon after it reads.
    private var lastDataMS: Int?
    /// How long a shared pipe must be quiet before the line comes back.
    let dataQuietMS: Int
    /// loadwrap's own lines waiting for the command's output to leave an unfinished sequence.
    private var waitingLines: [(text: String, lineEnd: String)] = []
    /// What the terminal allowed when last read, and when: the line is put back after a chunk on
    /// this until a frame interval has passed (reading it costs system calls); nil: read it anew.
    private var lastView: (view: TerminalView, ms: Int)?
    /// True when the line may go beside a line the command rewrites in place: its output, which
    /// loadwrap relays, is all that writes on the terminal, and keys pass through loadwrap, so
    /// the terminal echoes nothing at a cursor loadwrap does not know.
    let besideUnfinishedLines: Bool
    /// The narrowest the terminal has been since the cursor's row began (`CursorRow.serial`): text
    /// that reached that width wrapped, and a terminal that reflows could move what is beside it.
    private var rowNarrowest = (serial: 0, columns: Int.max)
    /// The terminal's own progress indicator (OSC 9;4), where it has one; nil: not sent.
    private var indicator: TerminalProgress?
    /// What the indicator should show once the command's output leaves an unfinished sequence.
    private var waitingIndicator: TerminalProgress.State?
    /// `--tail`: the window drawn with the line while the command's output is held; nil without
    /// it, and once it gave way to output shown as it is.
    package private(set) var tail: Tail?

    /// Starts with nothing drawn; `indicator` sends the terminal's progress indicator alongside;
    /// `besideUnfinishedLines` as the property says; `tail` draws a window above the line.
    package init(overlay: Overlay, dataQuietMS: Int = Self.defaultDataQuietMS, indicator: Bool = false,
         besideUnfinishedLines: Bool = false, tail: Tail? = nil) {
        self.overlay = overlay
        self.tail = tail
        self.dataQuietMS = dataQuietMS
        self.indicator = indicator ? TerminalProgress() : nil
        self.besideUnfinishedLines = besideUnfinishedLines
    }

    /// The blank columns between a line rewritten in place and the spinner beside it.
    static let besideGap = 2
    /// The fewest columns worth drawing beside a line: a frame, a space, a short elapsed time.
    static let besideNarrowest = 8

    /// A consumer such as `cat`, `grep` or `jq` prints within milliseconds of reading; this leaves
    /// a loaded machine room for that before the line is drawn under what it printed.
    static let defaultDataQuietMS = 150

    /// True when the output last written (terminal output, or data a shared pipe's reader prints)
    /// left the cursor at the start of an empty line.
    package var atLineStart: Bool { dataWroteLast ? passed.atLineStart : scanner.atLineStart }

    /// True while either output has stopped inside an escape sequence or a UTF-8 character:
    /// none of loadwrap's bytes may reach the terminal now.
    package var outputUnfinished: Bool { scanner.insideSequence || passed.insideSequence }

    /// The bytes to write before and after one chunk of the command's terminal output: the line
    /// erased, then put back wherever drawing is allowed, advanced when a frame is due. `view` is
    /// read at most once a frame interval.
    package mutating func around(
        _ chunk: UnsafeRawBufferPointer, nowMS: Int, view: @autoclosure () -> TerminalView
    ) -> (head: [UInt8], tail: [UInt8]) {
        let head = overlay.erase()
        if dataWroteLast && chunk.count > 0 {
            // The cursor is where the data left it, until this chunk moves it.
            scanner.mark(atLineStart: passed.atLineStart)
            dataWroteLast = false
        }
        scanner.scan(chunk)
        var tail = outputUnfinished ? [] : flushWaitingLines() + flushWaitingIndicator()
        let due = overlay.isDue(nowMS: nowMS)
        if overlay.isPastDelay(nowMS: nowMS), let placement = placement(nowMS: nowMS),
           allows(nowMS: nowMS, fresh: due, view: view()) {
            tail += draw(nowMS: nowMS, at: placement, advancing: due)
        }
        return (head, tail)
    }

    /// What the terminal allows: read anew when `fresh` or when the last reading is a frame
    /// interval old, else the last reading.
    private mutating func allows(nowMS: Int, fresh: Bool, view: @autoclosure () -> TerminalView) -> Bool {
        if !fresh, let last = lastView, nowMS - last.ms < overlay.look.style.intervalMS { return last.view.allowsDrawing }
        let read = view()
        lastView = (read, nowMS)
        return read.allowsDrawing
    }

    /// The bytes for a frame when one is due: a redraw, or an erase when the terminal is now the
    /// command's (a prompt, a pager); empty when nothing is due.
    package mutating func frame(nowMS: Int, view: @autoclosure () -> TerminalView) -> [UInt8] {
        if ended { return waitingLinesWhenQuiet(nowMS: nowMS, view: view()) }
        guard overlay.isDue(nowMS: nowMS) else { return [] }
        if let placement = placement(nowMS: nowMS), allows(nowMS: nowMS, fresh: true, view: view()) {
            return draw(nowMS: nowMS, at: placement)
        }
        overlay.skipFrame(nowMS: nowMS)
        return overlay.erase() + indicatorAway(view: view())
    }

    /// The indicator's removal while the terminal is someone else's (a full-screen program, a
    /// pager or password prompt, a shell in front); the view is read only when one is shown.
    private mutating func indicatorAway(view: @autoclosure () -> TerminalView) -> [UInt8] {
        guard let shown = indicator?.shown, shown != .none else { return [] }
        let view = view()
        guard scanner.alternateScreen || passed.alternateScreen || !view.modesAllowDrawing || !view.foreground else { return [] }
        return showIndicator(.none)
    }

    /// When `frame` next has something to do, or nil for never.
    package var nextFrameMS: Int? {
        let quietMS = lastDataMS.map { $0 + dataQuietMS } ?? 0
        guard ended else { return max(overlay.nextDrawMS, quietMS) }
        return hasWaiting && !outputUnfinished ? max(retryLinesMS, quietMS) : nil
    }

    /// After the spinner ended, own lines (an early stop) wait for data that stopped inside a
    /// sequence: once it has ended, and the reader has taken it and had time to print it.
    private mutating func waitingLinesWhenQuiet(nowMS: Int, view: @autoclosure () -> TerminalView) -> [UInt8] {
        guard hasWaiting, !outputUnfinished else { return [] }
        guard lastDataMS.map({ nowMS - $0 >= dataQuietMS }) ?? true, view().consumerCaughtUp else {
            retryLinesMS = nowMS + overlay.look.style.intervalMS
            return []
        }
        return flushWaitingLines() + flushWaitingIndicator()
    }

    private var hasWaiting: Bool { !waitingLines.isEmpty || waitingIndicator != nil }

    /// The bytes after the terminal changed width: the line erased (with every row the terminal
    /// may have reflowed it onto) and redrawn at the new width.
    package mutating func resized(columns: Int, rows: Int? = nil, nowMS: Int, view: @autoclosure () -> TerminalView) -> [UInt8] {
        if let rows { tail?.screenRows = rows }
        let serial = scanner.row.serial
        rowNarrowest = (serial, min(columns, rowNarrowest.serial == serial ? rowNarrowest.columns : overlay.columns))
        overlay.columns = columns
        var bytes = overlay.erase()
        if !bytes.isEmpty, let placement = placement(nowMS: nowMS), allows(nowMS: nowMS, fresh: true, view: view()) {
            bytes += draw(nowMS: nowMS, at: placement)
        }
        return bytes
    }

    /// The bytes after the terminal echoed a signal key (`^C`, `^Z`) at the cursor, over the line:
    /// the rest of the line goes and the echo stays, and loadwrap's lines start below it.
    package mutating func signalKeyEchoed() -> [UInt8] {
        scanner.mark(atLineStart: false)
        dataWroteLast = false
        return overlay.eraseAfterEcho()
    }

    /// The bytes that take the line away while loadwrap is stopped; nothing is drawn until `resume`.
    package mutating func suspend() -> [UInt8] {
        suspended = true
        lastView = nil
        return overlay.erase() + showIndicator(.none)
    }

    /// Allows drawing again from the next frame.
    package mutating func resume() {
        suspended = false
        // The shell printed "Stopped", then the job's name on `fg`: the cursor is at a line start.
        scanner.mark(atLineStart: true)
        dataWroteLast = false
    }

    /// The bytes that take the line away for good; the command's output keeps flowing. The
    /// terminal's indicator goes too, or turns red when the command `failed` (`lastLines` ends it).
    package mutating func end(failed: Bool = false) -> [UInt8] {
        ended = true
        return overlay.erase() + showIndicator(failed ? .failed : .none)
    }

    /// True while the terminal's indicator shows a failure.
    package var indicatorShowsFailure: Bool {
        (waitingIndicator ?? indicator?.shown) == .failed
    }

    /// The bytes to write before `chunk` goes out through a pipe whose reader may print on this
    /// terminal: the line goes first, and stays away until the pipe has been quiet a while, and
    /// while the data has left a partial line or an unfinished sequence for the reader to print.
    package mutating func dataLeaving(_ chunk: UnsafeRawBufferPointer, nowMS: Int) -> [UInt8] {
        let bytes = dataResuming(nowMS: nowMS)
        if followsData && chunk.count > 0 {
            if OutputScanner.isBinary(chunk) {
                followsData = false
                passed = passed.keepingOnlyModes()  // its reader printed the text before
                dataWroteLast = false
            } else {
                if !dataWroteLast { passed.mark(atLineStart: scanner.atLineStart) }
                passed.scan(chunk)
                dataWroteLast = true
            }
        }
        return bytes
    }

    /// The bytes to write before data already followed (`dataLeaving`) goes out late, the pipe
    /// having been full: the line away again, until the pipe has been quiet a while.
    package mutating func dataResuming(nowMS: Int) -> [UInt8] {
        lastDataMS = nowMS
        lastView = nil  // its reader has not caught up with this yet
        return overlay.erase()
    }

    /// The bytes that take the line away because another loadwrap on the same terminal is about
    /// to write there: it stays away until that writing has been quiet a while, as for a pipe.
    package mutating func othersWriting(nowMS: Int) -> [UInt8] {
        dataResuming(nowMS: nowMS)
    }

    /// Notes that another loadwrap wrote on the terminal since the line was last drawn: it gives
    /// the terminal back only with the cursor at the start of an empty line.
    package mutating func othersWrote() {
        scanner.mark(atLineStart: true)
        dataWroteLast = false
        lastView = nil
    }

    /// Forgets what the terminal allowed when last read: it is read anew before the next draw.
    package mutating func viewChanged() {
        lastView = nil
    }

    /// True while the line (or the tail's block) is on the screen.
    package var lineShows: Bool { overlay.visible }

    /// One of loadwrap's own lines (an early stop, the end line): the spinner erased, a line end
    /// first when the command left a partial line, then the line. `lineEnd` is `\n`, or `\r\n`
    /// while the real terminal does no output processing (keys through loadwrap, raw mode).
    /// While the output has stopped inside a sequence the line waits for it to end (`around`).
    package mutating func ownLine(_ text: String, lineEnd: String) -> [UInt8] {
        waitingLines.append((text, lineEnd))
        return overlay.erase() + (outputUnfinished ? [] : flushWaitingLines())
    }

    /// The own lines still waiting when the run is over. When the command's output ended inside a
    /// sequence they are dropped: any byte after it would become part of that sequence, and the
    /// terminal must be left as the bare run leaves it.
    package mutating func lastLines() -> [UInt8] {
        guard !outputUnfinished else {
            waitingLines.removeAll()
            return []
        }
        return flushWaitingLines() + flushWaitingIndicator()
    }

    /// The bytes that remove the terminal's indicator, as the very last thing loadwrap writes;
    /// nothing after output that ended inside a sequence (see `lastLines`).
    package mutating func removeIndicator() -> [UInt8] {
        waitingIndicator = nil
        guard !outputUnfinished else { return [] }
        return indicator?.show(.none) ?? []
    }

    /// The indicator's bytes for `state` now, or later when the output is inside a sequence.
    private mutating func showIndicator(_ state: TerminalProgress.State) -> [UInt8] {
        guard indicator != nil else { return [] }
        guard !outputUnfinished else {
            waitingIndicator = state
            return []
        }
        waitingIndicator = nil
        return indicator!.show(state)
    }

    private mutating func flushWaitingIndicator() -> [UInt8] {
        guard let state = waitingIndicator else { return [] }
        waitingIndicator = nil
        return indicator?.show(state) ?? []
    }

    /// The waiting own lines, each on a line of its own.
    private mutating func flushWaitingLines() -> [UInt8] {
        var bytes: [UInt8] = []
        for (text, lineEnd) in waitingLines {
            if !atLineStart { bytes += Array(lineEnd.utf8) }
            bytes += Array(text.utf8) + Array(lineEnd.utf8)
            scanner.mark(atLineStart: true)
            dataWroteLast = false
        }
        waitingLines.removeAll()
        return bytes
    }

    /// The bytes before loadwrap writes the command's held output: a line end where the cursor is
    /// not at a line's start (after a key's echo), so the replay begins a line of its own.
    package mutating func replaying(lineEnd: String) -> [UInt8] {
        atLineStart ? [] : Array(lineEnd.utf8)
    }

    /// Notes that loadwrap wrote the command's held output (`--quiet`) after erasing the line.
    package mutating func replayed(endingAtLineStart: Bool) {
        scanner.mark(atLineStart: endingAtLineStart)
        dataWroteLast = false
    }

    /// Changes how far along the line says the work is; it shows at the next frame.
    package mutating func setProgress(_ progress: LoadProgress?, nowMS: Int) {
        overlay.setProgress(progress, nowMS: nowMS)
    }

    /// Sets how long the command usually takes, shown from the next frame while no progress is known.
    package mutating func setUsual(ms: Int?) {
        overlay.usualMS = ms
    }

    /// Changes the title shown beside the frame.
    package mutating func setTitle(_ title: String) {
        overlay.setTitle(title)
    }

    /// Where the line may show without disturbing anything else on the screen, as far as the
    /// outputs tell (the terminal's own state is read after): at an empty line's start, or beside
    /// a line being rewritten in place; nil: nowhere.
    private func placement(nowMS: Int) -> Overlay.Placement? {
        guard !suspended, !ended, scanner.leavesRoomForOverlay, passed.leavesRoomForOverlay,
              lastDataMS.map({ nowMS - $0 >= dataQuietMS }) ?? true else {
            return nil
        }
        return atLineStart ? .line : besidePlacement
    }

    /// The blank cells right of a line the command rewrites in place (`\r` progress), where the
    /// line shows with the cursor put back exactly; nil where that could leave a trace. Only rows
    /// whose every column is known and that are rewritten (a prompt waiting for input is not);
    /// only with the cursor at the end of the text, so that the erase is everything after it;
    /// only while the row's text never reached the width, where it wrapped onto the next row; and
    /// within half the width, as the line at a line's start: a terminal that reflows rewraps a row
    /// longer than its new width (tmux then moves it into the scrollback), and no narrowing that
    /// keeps half the width does that to text and line together.
    private var besidePlacement: Overlay.Placement? {
        let row = scanner.row
        let narrowest = rowNarrowest.serial == row.serial ? min(rowNarrowest.columns, overlay.columns) : overlay.columns
        guard besideUnfinishedLines, !dataWroteLast, !scanner.usesTerminalMemory, !row.endsStyled, row.rewritten,
              let column = row.column, column > 0,
              column == row.extent, row.reach < narrowest else {
            return nil
        }
        let start = column + Self.besideGap
        let width = Overlay.drawnColumns(overlay.columns) - start
        guard width >= Self.besideNarrowest else { return nil }
        return .beside(column: column, gap: Self.besideGap, columns: width)
    }

    /// The cursor's visibility and autowrap are the terminal's, and both outputs set them, in an
    /// order loadwrap cannot know (the reader prints after it reads). The line takes the cursor as
    /// hidden, and autowrap as off, when either output left them so, and then leaves them alone:
    /// at worst the cursor shows beside the line.
    private var commandHidCursor: Bool { scanner.cursorHidden || passed.cursorHidden }
    private var commandDisabledAutowrap: Bool { scanner.autowrapOff || passed.autowrapOff }

    /// The line at `placement`, after the indicator's state when it changed; only called where
    /// writing is safe. Unless `advancing`, the frame last drawn.
    private mutating func draw(nowMS: Int, at placement: Overlay.Placement, advancing: Bool = true) -> [UInt8] {
        let state = TerminalProgress.state(for: overlay.progress.progress)
        let before = indicator?.show(state) ?? []
        if tail != nil { return before + drawBlock(nowMS: nowMS) }
        let line = overlay.draw(nowMS: nowMS, commandHidCursor: commandHidCursor, commandDisabledAutowrap: commandDisabledAutowrap,
                                at: placement, advancing: advancing)
        // Most frames send no indicator: the line's own (kept) bytes go as they are, not copied.
        return before.isEmpty ? line : before + line
    }

    /// The tail's block: its rows, then the line (`Tail.draw`).
    private mutating func drawBlock(nowMS: Int) -> [UInt8] {
        tail!.draw(&overlay, nowMS: nowMS)
    }

    /// Follows a chunk of the command's output held for the tail; true when that output now needs
    /// the terminal itself (`giveWay`).
    package mutating func hold(_ chunk: UnsafeRawBufferPointer) -> Bool {
        tail?.hold(chunk)
        return tail?.needsTerminal ?? false
    }

    /// The bytes that take the tail's block away for good: the held output is then shown as it is
    /// (through `around`), and the line goes on as it does without a tail.
    package mutating func giveWay() -> [UInt8] {
        tail = nil
        return overlay.erase()
    }
}
