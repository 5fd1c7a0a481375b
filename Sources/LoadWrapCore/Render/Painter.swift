/// The overlay's drawing decisions as a pure value: the bytes around each chunk of the command's
/// terminal output (erase → chunk → the line back, in one write), on each frame, on resize,
/// suspend and end, around loadwrap's own lines, and before others print on the same terminal.
/// Time, the terminal's state and what others' output left there are passed in.
///
/// Pinned means pinned: whenever drawing is allowed the line is on the screen. The frame interval
/// limits how often the animation advances and how often the terminal's state is read, never
/// whether the line is put back after a chunk.
package struct Painter {
    /// The spinner line.
    var overlay: Overlay
    /// What the command's terminal output has left on the terminal.
    var scanner = OutputScanner()
    /// What other processes' output left on the terminal (`OthersOnTerminal`).
    var others = OthersOnTerminal()
    /// True when others printed after the command's last terminal output: the terminal's cursor
    /// is where their output left it.
    package internal(set) var othersWroteLast = false
    /// No line before this time: others print on the terminal until then.
    var quietUntilMS = 0
    /// True while loadwrap is stopped (Ctrl-Z).
    private var suspended = false
    /// True once the spinner has stopped for good (an early stop, or the end).
    private(set) var ended = false
    /// loadwrap's own lines waiting for the output to leave an unfinished sequence.
    var waitingLines = OwnLineQueue()
    /// What the terminal allowed when last read, and when: the line is put back after a chunk on
    /// this until a frame interval has passed (reading it costs system calls); nil: read it anew.
    var lastView: (view: TerminalView, ms: Int)?
    /// True when the line may go beside a line the command rewrites in place: its output, which
    /// loadwrap relays, is all that writes on the terminal, and keys pass through loadwrap, so
    /// the terminal echoes nothing at a cursor loadwrap does not know.
    let besideUnfinishedLines: Bool
    /// The narrowest the terminal has been since the cursor's row began (`CursorRow.serial`): text
    /// that reached that width wrapped, and a terminal that reflows could move what is beside it.
    private var rowNarrowest = (serial: 0, columns: Int.max)
    /// The terminal's own progress indicator (OSC 9;4), where it has one.
    var indicator: IndicatorQueue
    /// What is drawn with the line: the window on the last lines while the command's output is
    /// held (nil without one, and once it gave way to output shown as it is), and the rows of
    /// commands running side by side under this loadwrap.
    var block: Block

    /// Starts with nothing drawn; `indicator` sends the terminal's progress indicator alongside;
    /// `besideUnfinishedLines` as the property says; `tail` draws a window above the line; a
    /// screen `screenRows` tall caps the rows of commands running side by side.
    package init(overlay: Overlay, indicator: Bool = false, besideUnfinishedLines: Bool = false, tail: Tail? = nil,
                 screenRows: Int = 24) {
        self.overlay = overlay
        scanner.columns = overlay.columns
        block = Block(tail: tail, screenRows: screenRows)
        self.indicator = IndicatorQueue(enabled: indicator)
        self.besideUnfinishedLines = besideUnfinishedLines
    }

    /// The blank columns between a line rewritten in place and the spinner beside it.
    static let besideGap = 2
    /// The fewest columns worth drawing beside a line: a frame, a space, a short elapsed time.
    static let besideNarrowest = 8

    /// True when the output last written (the command's, or others') left the cursor at the start
    /// of an empty line.
    package var atLineStart: Bool { othersWroteLast ? others.atLineStart : scanner.atLineStart }

    /// True when the command's own output left the cursor at the start of an empty line: where
    /// others' output begins when it follows the command's.
    package var commandAtLineStart: Bool { scanner.atLineStart }

    /// True while either output has stopped inside an escape sequence or a UTF-8 character:
    /// none of loadwrap's bytes may reach the terminal now.
    package var outputUnfinished: Bool { scanner.insideSequence || others.unfinished }

    /// The terminal's width as last told (at the start, then by `resized`).
    package var columns: Int { overlay.columns }

    /// True while the line (or the tail's block) is on the screen.
    package var lineShows: Bool { overlay.visible }

    /// The window on the last lines while the command's output is held for it, else nil.
    package var tail: Tail? { block.tail }

    /// The bytes to write before and after one chunk of the command's terminal output: the line
    /// erased, then put back wherever drawing is allowed, advanced when a frame is due. `view` is
    /// read at most once a frame interval.
    package mutating func around(
        _ chunk: UnsafeRawBufferPointer, nowMS: Int, view: @autoclosure () -> TerminalView
    ) -> (head: [UInt8], tail: [UInt8]) {
        let head = overlay.erase()
        if othersWroteLast && chunk.count > 0 {
            // The cursor is where the others' output left it, until this chunk moves it.
            scanner.mark(atLineStart: others.atLineStart)
            othersWroteLast = false
        }
        scanner.scan(chunk)
        var tail = outputUnfinished ? [] : flushWaitingLines() + indicator.flush()
        let due = overlay.isDue(nowMS: nowMS)
        if overlay.isPastDelay(nowMS: nowMS), let placement = placement(nowMS: nowMS),
           allows(nowMS: nowMS, fresh: due, view: view()) {
            let line = draw(nowMS: nowMS, at: placement, advancing: due)
            tail = tail.isEmpty ? line : tail + line  // mostly alone: the drawing's bytes, not a copy
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

    /// Forgets what the terminal allowed when last read: it is read anew before the next draw.
    package mutating func viewChanged() {
        lastView = nil
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
        guard let shown = indicator.shown, shown != .none else { return [] }
        let view = view()
        guard scanner.alternateScreen || others.alternateScreen || !view.modesAllowDrawing || !view.foreground else { return [] }
        return indicator.show(.none, unfinished: outputUnfinished)
    }

    /// When `frame` next has something to do, or nil for never.
    package var nextFrameMS: Int? {
        guard ended else { return max(overlay.nextDrawMS, quietUntilMS) }
        return hasWaiting && !outputUnfinished ? max(waitingLines.retryMS, quietUntilMS) : nil
    }

    /// The bytes after the terminal changed width: the line erased (with every row the terminal
    /// may have reflowed it onto) and redrawn at the new width.
    package mutating func resized(columns: Int, rows: Int? = nil, nowMS: Int, view: @autoclosure () -> TerminalView) -> [UInt8] {
        let shorter = rows.map { block.resize(screenRows: $0) } ?? false
        let serial = scanner.row.serial
        rowNarrowest = (serial, min(columns, rowNarrowest.serial == serial ? rowNarrowest.columns : overlay.columns))
        overlay.resize(columns: columns, shorter: shorter)
        scanner.columns = columns
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
        othersWroteLast = false
        return overlay.eraseAfterEcho()
    }

    /// The bytes that take the line away while loadwrap is stopped; nothing is drawn until `resume`.
    package mutating func suspend() -> [UInt8] {
        suspended = true
        lastView = nil
        return overlay.erase() + indicator.show(.none, unfinished: outputUnfinished)
    }

    /// Allows drawing again from the next frame.
    package mutating func resume() {
        suspended = false
        // The shell printed "Stopped", then the job's name on `fg`: the cursor is at a line start.
        scanner.mark(atLineStart: true)
        othersWroteLast = false
    }

    /// The bytes that take the line away for good; the command's output keeps flowing. The
    /// terminal's indicator goes too, or turns red when the command `failed` (`lastLines` ends it).
    package mutating func end(failed: Bool = false) -> [UInt8] {
        ended = true
        return overlay.erase() + indicator.show(failed ? .failed : .none, unfinished: outputUnfinished)
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
        guard !suspended, !ended, scanner.leavesRoomForOverlay, others.leavesRoom, nowMS >= quietUntilMS else {
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
        guard besideUnfinishedLines, !othersWroteLast, !scanner.usesTerminalMemory, !row.endsStyled, row.rewritten,
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
    /// order loadwrap cannot know (others print after loadwrap hands them data). The line takes
    /// the cursor as hidden, and autowrap as off, when either output left them so, and then leaves
    /// them alone: at worst the cursor shows beside the line.
    var commandHidCursor: Bool { scanner.cursorHidden || others.cursorHidden }
    var commandDisabledAutowrap: Bool { scanner.autowrapOff || others.autowrapOff }

    /// The line at `placement`, after the indicator's state when it changed; only called where
    /// writing is safe. Unless `advancing`, the frame last drawn.
    private mutating func draw(nowMS: Int, at placement: Overlay.Placement, advancing: Bool = true) -> [UInt8] {
        let before = indicator.send(TerminalProgress.state(for: overlay.progress.progress))
        // With a tail the painter has always drawn advancing, due or not (the output is held, so
        // `around` seldom draws it); kept, so the bytes stay as they were.
        let line = block.draw(&overlay, nowMS: nowMS, at: placement, advancing: advancing || block.tail != nil,
                              commandHidCursor: commandHidCursor, commandDisabledAutowrap: commandDisabledAutowrap)
        // Most frames send no indicator: the line's own (kept) bytes go as they are, not copied.
        return before.isEmpty ? line : before + line
    }
}
