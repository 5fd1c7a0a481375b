/// The spinner line as a state machine over time: whether it shows, and the exact bytes that
/// draw it, erase it and keep the cursor as the command left it. Pure: no I/O, time is passed in.
struct Overlay {
    /// How the line looks.
    struct Look: Sendable {
        /// Animation frames and their interval.
        var style: SpinnerStyle
        /// Whether to colour the frame and the elapsed time.
        var color: Bool
        /// Whether the terminal takes UTF-8 (else ASCII ellipsis).
        var utf8: Bool
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
    var columns: Int
    /// True while the line is on the screen.
    private(set) var visible = false
    /// True while the overlay, not the command, has hidden the cursor.
    private var hidCursor = false
    /// When the line was last drawn, for coalescing.
    private var lastDrawMS: Int?

    /// Prepares an overlay that draws nothing until `draw` is called; `title` is already sanitised.
    init(look: Look, title: String, startMS: Int, delayMS: Int, columns: Int) {
        self.look = look
        self.title = title
        self.startMS = startMS
        self.delayMS = delayMS
        self.columns = columns
    }

    /// Replaces the title with `text`, already sanitised; it shows at the next draw.
    mutating func setTitle(_ text: String) {
        title = text
        lastDrawMS = nil
    }

    /// True when a draw now would be on time: past the delay, and a frame interval after the last draw.
    func isDue(nowMS: Int) -> Bool {
        nowMS >= nextDrawMS
    }

    /// The time of the next frame, for the event loop's timeout.
    var nextDrawMS: Int {
        let firstMS = startMS + delayMS
        guard let last = lastDrawMS else { return firstMS }
        return max(firstMS, last + look.style.intervalMS)
    }

    /// Bytes that draw (or redraw) the line at the cursor, which must be at the start of an empty line.
    /// `commandHidCursor` says whether the cursor is already hidden by the command.
    mutating func draw(nowMS: Int, commandHidCursor: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        if !visible && !commandHidCursor {
            bytes += Self.hideCursor
            hidCursor = true
        }
        let elapsed = max(0, nowMS - startMS)
        let line = SpinnerLine.render(
            frame: look.style.frame(at: elapsed), title: title, elapsedMS: elapsed, columns: columns, color: look.color, utf8: look.utf8)
        // The cursor rests at column 0: a terminal that reflows the line on a narrowing resize
        // keeps it at the start of the reflowed rows, which `erase(reflowed:)` then clears whole.
        bytes += Self.carriageReturn + Array(line.utf8) + Self.eraseLine + Self.carriageReturn
        visible = true
        lastDrawMS = nowMS
        return bytes
    }

    /// Lets a frame pass undrawn (the command needs the screen), so the next check waits an interval.
    mutating func skipFrame(nowMS: Int) {
        lastDrawMS = nowMS
    }

    /// Bytes that remove the line and give the cursor back as the command left it; empty when hidden.
    /// After a resize, `reflowed` also clears the rows below, where a terminal that reflows lines
    /// (tmux, VTE, iTerm2) has wrapped the old line. Not always: erasing below from the top-left
    /// corner makes tmux push the whole screen into its scrollback.
    mutating func erase(reflowed: Bool = false) -> [UInt8] {
        guard visible else { return [] }
        visible = false
        var bytes = Self.carriageReturn + (reflowed ? Self.eraseBelow : Self.eraseLine)
        if hidCursor {
            bytes += Self.showCursor
            hidCursor = false
        }
        return bytes
    }

    private static let carriageReturn: [UInt8] = [0x0D]
    /// Erase to the end of the line; from column 0, the whole line.
    private static let eraseLine: [UInt8] = Array("\u{1B}[K".utf8)
    /// Erase to the end of the screen: nothing of the command's is below the line, which is only
    /// drawn at the bottom of its output.
    private static let eraseBelow: [UInt8] = Array("\u{1B}[J".utf8)
    private static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    private static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
}
