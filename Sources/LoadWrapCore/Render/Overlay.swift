/// The spinner line as a state machine over time: whether it shows, and the exact bytes that
/// draw it, erase it and keep the cursor as the command left it. Pure: no I/O, time is passed in.
package struct Overlay {
    /// How the line looks.
    package struct Look: Sendable {
        /// Animation frames and their interval.
        var style: SpinnerStyle
        /// Whether to colour the frame and the elapsed time.
        var color: Bool
        /// Whether the terminal takes UTF-8 (else ASCII ellipsis).
        var utf8: Bool

        package init(style: SpinnerStyle, color: Bool, utf8: Bool) {
            (self.style, self.color, self.utf8) = (style, color, utf8)
        }

        /// Colour and charset, as the line's layout takes them.
        var appearance: SpinnerLine.Appearance { SpinnerLine.Appearance(color: color, utf8: utf8) }
    }

    /// Where on the screen the line is drawn.
    package enum Placement: Equatable {
        /// At the start of an empty line, in half the terminal's width.
        case line
        /// On the row of a line the command is rewriting in place, whose text ends at the cursor,
        /// in `column` (known for certain: only characters whose width every terminal agrees on):
        /// in the blank cells `gap` columns right of it, `columns` wide. The cursor goes back to
        /// `column` by a carriage return and a move right, never through the terminal's one
        /// saved-cursor slot (DECSC/DECRC), which the command may restore later without having
        /// saved it: bare, that restores whatever the slot held before.
        case beside(column: Int, gap: Int, columns: Int)
    }

    /// Frames, colour and charset.
    let look: Look
    /// The title beside the frame, safe to print: sanitised where it entered loadwrap.
    private(set) var title: String
    /// When the work started; elapsed time and frames count from here.
    let startMS: Int
    /// Nothing is drawn before `startMS + delayMS`.
    let delayMS: Int
    /// The terminal width in columns.
    package var columns: Int
    /// True while the line is on the screen.
    package private(set) var visible = false
    /// What the last draw covers on the screen, so the erase takes exactly that.
    private var footprint = Footprint()
    /// When the line was last drawn (or a frame skipped), for coalescing.
    private var lastDrawMS: Int?
    /// The time the last drawn line shows (its frame and elapsed time), for putting it back as it was.
    private var shownMS: Int?

    /// Prepares an overlay that draws nothing until `draw` is called; `title` is already sanitised.
    package init(look: Look, title: String, startMS: Int, delayMS: Int, columns: Int) {
        self.look = look
        self.title = title
        self.startMS = startMS
        self.delayMS = delayMS
        self.columns = columns
        frameWidths = look.style.frames.map(DisplayWidth.of)
        drawnFrames = look.style.frames.map { Array(SpinnerLine.drawnFrame($0, color: look.color).utf8) }
    }

    /// The display width of each of the style's frames, measured once.
    private let frameWidths: [Int]
    /// Each frame's bytes as the line starts with them (coloured or not), built once.
    private let drawnFrames: [[UInt8]]
    /// The bytes of the last draw. Kept so the next draw reuses their storage: the caller has
    /// written and dropped its copy by then, so no frame allocates.
    private var drawn: [UInt8] = []

    /// How far along the work is, and the estimate of the time left.
    private(set) var progress = ProgressEstimate()
    /// How long the command usually takes, from earlier runs; shown while no progress is known.
    var usualMS: Int?

    /// A new progress value (nil: back to a plain spinner); it shows at the next frame.
    package mutating func setProgress(_ value: LoadProgress?, nowMS: Int) {
        progress.update(value, nowMS: nowMS)
    }

    /// What the line says besides title and time: progress wins over the usual time.
    func status(nowMS: Int) -> LineStatus {
        if let value = progress.progress { return .progress(value, remainingMS: progress.remainingMS(nowMS: nowMS)) }
        return usualMS.map { .usually(ms: $0) } ?? .none
    }

    /// Replaces the title with `text`, already sanitised; it shows at the next draw.
    package mutating func setTitle(_ text: String) {
        title = text
        redrawNow()
    }

    /// Makes the next frame due now: what the line shows has changed.
    package mutating func redrawNow() {
        lastDrawMS = nil
    }

    /// True when a draw now would be on time: past the delay, and a frame interval after the last draw.
    package func isDue(nowMS: Int) -> Bool {
        nowMS >= nextDrawMS
    }

    /// True once the delay is over: from then on the line shows wherever it may.
    func isPastDelay(nowMS: Int) -> Bool {
        nowMS >= startMS + delayMS
    }

    /// The time of the next frame, for the event loop's timeout.
    package var nextDrawMS: Int {
        let firstMS = startMS + delayMS
        guard let last = lastDrawMS else { return firstMS }
        return max(firstMS, last + look.style.intervalMS)
    }

    /// Bytes that draw (or redraw) the line at `placement`: for `.line` the cursor must be at the
    /// start of an empty line. `commandHidCursor` says whether the cursor is already hidden by the
    /// command. Unless `advancing`, the line is the one last drawn (its frame and its time): the
    /// animation advances once a frame interval, however often the line is put back.
    package mutating func draw(
        nowMS: Int, commandHidCursor: Bool, commandDisabledAutowrap: Bool = false, at placement: Placement = .line,
        advancing: Bool = true
    ) -> [UInt8] {
        drawn.removeAll(keepingCapacity: true)
        // At a line's start the cursor would sit on the frame; beside a line it rests at the end
        // of the command's text, where the bare run shows it (and a prompt needs it).
        if !visible && !commandHidCursor && placement == .line {
            drawn += Self.hideCursor
            footprint.hidCursor = true
        }
        let timeMS = advancing ? nowMS : shownMS ?? nowMS
        let elapsed = max(0, timeMS - startMS)
        let index = look.style.frameIndex(at: elapsed)
        // Autowrap off while drawing: a line drawn at a width the terminal has just left (the resize
        // landed before loadwrap saw SIGWINCH) stays on one row instead of wrapping onto two.
        var width = Self.drawnColumns(columns)
        var back = Self.carriageReturn
        if case .beside(let column, let gap, let besideColumns) = placement {
            drawn += Self.cursorRight(gap)
            width = besideColumns
            back += Self.cursorRight(column)
        } else {
            drawn += Self.carriageReturn
        }
        if !commandDisabledAutowrap { drawn += Self.autowrapOff }
        appendLine(frame: index, elapsedMS: elapsed, nowMS: timeMS, columns: width)
        drawn += Self.eraseLine
        if !commandDisabledAutowrap { drawn += Self.autowrapOn }
        drawn += back
        visible = true
        footprint.placement = placement
        footprint.reach = Self.drawnColumns(columns)
        footprint.moved = false
        if advancing { (lastDrawMS, shownMS) = (nowMS, nowMS) }
        return drawn
    }

    /// What the last draw laid out, so a frame that changes only the spinner's frame reuses it.
    private var kept: SpinnerLine.Kept?

    /// Appends the line's bytes for `frame` to `drawn`: the kept line's rest after the frame while
    /// its key holds (see `SpinnerLine.Kept`), else a line laid out anew and kept.
    private mutating func appendLine(frame index: Int, elapsedMS: Int, nowMS: Int, columns: Int) {
        let status = status(nowMS: nowMS)
        let key = SpinnerLine.Kept.Key(
            frameWidth: frameWidths[index], title: title, elapsedMS: elapsedMS, status: status, columns: columns)
        if kept?.key != key {
            kept = SpinnerLine.kept(key, frame: look.style.frames[index], title: title, elapsedMS: elapsedMS,
                                    appearance: look.appearance, status: status)
        }
        guard let rest = kept?.rest else { return }
        drawn += drawnFrames[index]
        drawn += rest
    }

    /// The width the line may reach, from column 0: half the terminal. Terminals that reflow (tmux, kitty,
    /// VTE, iTerm2, Windows Terminal, Alacritty, Ghostty) rewrap a line wider than a narrowed
    /// window onto two rows, may push its first row into the scrollback, and may leave the cursor
    /// on either row; a line at most half as wide survives halving the window (a split pane, a
    /// snap) untouched. `Scripts/experiments/reflow_replay.py` has the measurements.
    static func drawnColumns(_ columns: Int) -> Int {
        1 + (columns - 1) / 2
    }

    /// Lets a frame pass undrawn (the command needs the screen), so the next check waits an interval.
    mutating func skipFrame(nowMS: Int) {
        lastDrawMS = nowMS
    }

    /// Notes that the block drawn with the line now has `count` rows under the cursor's row (the
    /// cursor rests on the block's top row), which the erase takes too.
    package mutating func drewBlock(rowsBelow count: Int) {
        footprint.rowsBelow = count
    }

    /// Notes a new size of the terminal: `columns` wide, and whether it got shorter. The next erase
    /// takes everything below the line where the resize may have moved what was drawn.
    package mutating func resize(columns: Int, shorter: Bool) {
        self.columns = columns
        if shorter && footprint.rowsBelow > 0 { footprint.moved = true }
    }

    /// Bytes that remove the line and give the cursor back as the command left it; empty when
    /// hidden. Only the rows drawn are touched (`Footprint`): the line's row and the block's rows
    /// under it, or, where a resize may have rewrapped them, the row and everything below.
    package mutating func erase() -> [UInt8] {
        takeAway(with: footprint.erase(columns: columns))
    }

    /// The erase when the terminal has just echoed a key (`^C`) at the cursor, over the start of
    /// the line: from the cursor on, so the echo stays, as it does bare.
    mutating func eraseAfterEcho() -> [UInt8] {
        takeAway(with: footprint.eraseAfterEcho(columns: columns))
    }

    /// `erasure` when the line shows, then the cursor back if the line hid it.
    private mutating func takeAway(with erasure: [UInt8]) -> [UInt8] {
        guard visible else { return [] }
        visible = false
        var bytes = erasure
        if footprint.hidCursor { bytes += Self.showCursor }
        footprint.hidCursor = false
        footprint.rowsBelow = 0
        return bytes
    }

    private static let carriageReturn: [UInt8] = [0x0D]
    /// CUF: `columns` right, stopping at the right margin (VT100; `columns` is at least 1 here).
    private static func cursorRight(_ columns: Int) -> [UInt8] {
        Array("\u{1B}[\(columns)C".utf8)
    }
    /// Erase to the end of the line; from column 0, the whole line.
    private static let eraseLine: [UInt8] = Array("\u{1B}[K".utf8)
    private static let autowrapOff: [UInt8] = Array("\u{1B}[?7l".utf8)
    private static let autowrapOn: [UInt8] = Array("\u{1B}[?7h".utf8)
    private static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    private static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
}
