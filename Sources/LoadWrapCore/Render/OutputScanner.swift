import CLoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows the terminal state a command's output leaves behind, so the overlay knows when
/// drawing its line cannot disturb the command's screen.
///
/// Only escape sequences are parsed (found with `memchr`), so plain text costs almost nothing.
package struct OutputScanner {
    /// True when the cursor is at the start of an empty line: nothing printable (or a tab) since the last newline.
    package private(set) var atLineStart = true

    /// Follows output from a fresh line with the terminal's defaults.
    package init() {}
    /// The terminal's width, where text wraps; `Int.max` while not known (nothing is taken to wrap).
    package var columns = Int.max
    /// The normal screen's state while the command shows the alternate screen; nil while it does not.
    private var alternate: AlternateScreen?
    /// Whether the command has hidden the cursor itself, or may have.
    private var visibility = CursorVisibility()
    /// True while the command has hidden the cursor itself, or may have: the overlay leaves it alone.
    var cursorHidden: Bool { visibility.hidden }
    /// True while the command has turned autowrap off itself (DECAWM, `?7l`).
    private(set) var autowrapOff = false
    /// True once the command has moved the cursor to another row (multi-line progress, a redraw),
    /// until it clears the screen: until then the rows below the cursor may hold its text, which
    /// the overlay's line would cover and its erase would wipe.
    private(set) var movedRows = false
    /// True while a scroll region is set: below it a line feed on the last row does not scroll,
    /// so the "new" line may still hold text. Cleared screens keep the region; `CSI r` resets it.
    private(set) var scrollRegion = false
    /// Where cells in a background colour may be, on the cursor's line or below it.
    private var coloured = ColouredBlanks()
    /// Whether the output stopped inside a UTF-8 character.
    private var character = UnfinishedCharacter()
    /// Graphic rendition the command left set (colours, bold, …).
    private var rendition = GraphicRendition()
    /// Escape-sequence parser state carried across chunks.
    private var parser = EscapeParser()
    /// The cursor's row: its column and how far its text reaches.
    private(set) var row = CursorRow()
    /// True while insert mode (IRM, `CSI 4 h`) is set: printing shifts the row's text right.
    private var insertMode = false
    /// True once the command saved the cursor (DECSC, SCOSC) or repeated a character (REP): both
    /// rely on what the terminal remembers. A line drawn beside the text would change the last
    /// character printed, which REP repeats; a saved cursor is about to take the cursor back to a
    /// place the row does not follow. (The line itself never uses the saved-cursor slot.)
    private(set) var usesTerminalMemory = false

    /// True while the output has stopped inside an escape sequence or a UTF-8 character: a byte
    /// of loadwrap's own now would land inside it (an ESC cancels the command's sequence, and the
    /// rest of it would show as text).
    var insideSequence: Bool {
        parser.isActive || character.isUnfinished
    }

    /// True while the command shows the alternate screen (a full-screen program).
    var alternateScreen: Bool { alternate != nil }

    /// True when the overlay may draw: an empty line, and the rest of `leavesRoomForOverlay`.
    var allowsOverlay: Bool {
        atLineStart && leavesRoomForOverlay
    }

    /// True when the output left nothing the overlay's line could disturb, wherever the cursor is:
    /// default colours, the normal screen, cursor rows untouched, no sequence or character unfinished.
    package var leavesRoomForOverlay: Bool {
        !alternateScreen && rendition.isDefault && !movedRows && !insideSequence
            && !scrollRegion && !coloured.any
    }

    /// A scanner that knows nothing of this output but the cursor's visibility and autowrap it
    /// left: for output no longer followed (binary data) whose earlier text the terminal printed.
    package func keepingOnlyModes() -> OutputScanner {
        var kept = OutputScanner()
        kept.visibility.set(hidden: cursorHidden)
        kept.autowrapOff = autowrapOff
        return kept
    }

    /// Notes where loadwrap's own writes (its lines, replayed output) left the cursor: at the start
    /// of an empty line or not.
    package mutating func mark(atLineStart: Bool) {
        self.atLineStart = atLineStart
        if atLineStart { row.begin() } else { row.lose() }
    }

    /// Updates the state with one chunk of output, in order.
    package mutating func scan(_ chunk: UnsafeRawBufferPointer) {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return }
        var index = 0
        while index < chunk.count {
            if parser.isActive {
                index = feedEscape(chunk, from: index)
                continue
            }
            let remaining = chunk.count - index
            let found = memchr(base + index, 0x1B, remaining)
            let end = found.map { base.distance(to: UnsafeRawPointer($0)) } ?? chunk.count
            scanText(UnsafeRawBufferPointer(rebasing: chunk[index..<end]))
            guard end < chunk.count else { break }
            character.interrupt()
            row.characterInterrupted()
            if let next = applyWholeSGR(chunk, from: end + 1) { index = next; continue }
            parser.start()
            index = end + 1
        }
    }

    /// Applies an SGR that lies whole in `chunk` after its ESC, at `start`, without the parser;
    /// returns the index after it, or nil for any other sequence. An SGR changes nothing
    /// `applyCSI` follows but the rendition (no row move, mode or erase has final `m`).
    private mutating func applyWholeSGR(_ chunk: UnsafeRawBufferPointer, from start: Int) -> Int? {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: EscapeParser.mostSGRParameters) { parameters in
            guard let (count, next) = EscapeParser.wholeSGR(in: chunk, from: start, into: parameters) else { return nil }
            rendition.apply(UnsafeBufferPointer(rebasing: parameters[..<count]))
            return next
        }
    }

    /// Feeds bytes to the escape parser until its sequence ends; returns the next index.
    private mutating func feedEscape(_ chunk: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < chunk.count && parser.isActive {
            if let sequence = parser.feed(chunk[index]) { apply(sequence) }
            index += 1
        }
        return index
    }

    /// Tracks whether printable text follows the last newline of a text run.
    private mutating func scanText(_ text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress, text.count > 0 else { return }
        character.follow(text)
        if !movedRows && row.mayBackspaceAcrossWrap(text, columns: columns) { movedRows = true }
        var tailStart = 0
        if let newline = lw_memrchr(base, 0x0A, text.count) {
            tailStart = base.distance(to: UnsafeRawPointer(newline)) + 1
            atLineStart = true
            coloured.onLine = rendition.marksBlanks  // a scroll brings in a line in that colour
            // The pty's output processing (ONLCR) sends `\r\n`; a bare line feed keeps the column.
            row.begin(known: tailStart >= 2 ? text[tailStart - 2] == 0x0D : row.isAtColumnZero)
        }
        row.follow(UnsafeRawBufferPointer(rebasing: text[tailStart...]), styled: !rendition.isDefault)
        if insertMode { row.lose() }
        guard atLineStart else { return }
        // A tab leaves the line empty but the cursor off column 0, where erasing the overlay puts it back.
        for byte in text[tailStart...] where byte >= 0x20 && byte != 0x7F || byte == 0x09 {
            atLineStart = false
            return
        }
    }

    /// Applies a complete escape sequence to the tracked state.
    private mutating func apply(_ sequence: EscapeParser.Sequence) {
        switch sequence {
        case .csi(let final, let privateMarker, let parameters):
            applyCSI(final: final, privateMarker: privateMarker, parameters: parameters)
        case .escape(let final):
            // DECSC/DECRC, index, reverse index, next line, full reset: the row may change.
            if Self.rowChangingEscapes.contains(final) {
                movedRows = true
                if final == UInt8(ascii: "7") { usesTerminalMemory = true; visibility.save() }
                if final != UInt8(ascii: "7") { row.lose() }
                if final == UInt8(ascii: "8") { visibility.restore(); rendition.lose() }
                alternate?.movedRows = true
                if Self.scrollingEscapes.contains(final) && rendition.marksBlanks { coloured.onLine = true }
            } else if final == UInt8(ascii: "c") {
                fullReset()
            } else if final == UInt8(ascii: "H") {
                row.defaultTabStops = false  // HTS: a tab stop of the command's own
            } else if final == UInt8(ascii: "6") || final == UInt8(ascii: "9") {
                row.lose()  // DECBI, DECFI: a column back or forward, or the row's text shifted
            }
        case .string:
            break
        }
    }

    /// A full reset (RIS) clears the screen, shows the cursor, turns autowrap on and resets the
    /// rendition: nothing is left below. tmux stays on the alternate screen through it, and the
    /// normal screen comes back later as it was, with the cursor on a row loadwrap cannot know.
    private mutating func fullReset() {
        var fresh = OutputScanner()
        fresh.row = row
        fresh.row.reset()
        if let alternate {
            let home = AlternateScreen.Cursor(atLineStart: true, movedRows: true, rendition: GraphicRendition(), row: CursorRow())
            fresh.alternate = AlternateScreen(normal: home, coloured: alternate.coloured, cursorSaved: false)
        }
        self = fresh
    }

    /// Applies a control sequence: modes, renditions and row movements.
    private mutating func applyCSI(final: UInt8, privateMarker: UInt8?, parameters: [Int]) {
        if privateMarker == UInt8(ascii: "?") && (final == UInt8(ascii: "h") || final == UInt8(ascii: "l")) {
            for mode in parameters { applyPrivateMode(mode, set: final == UInt8(ascii: "h")) }
            return
        }
        if privateMarker == UInt8(ascii: "?") && final == UInt8(ascii: "r") {
            // xterm's XTRESTORE brings back modes saved earlier, to values not followed here: the
            // safe ones are a hidden cursor and autowrap off, which the overlay then leaves alone.
            if parameters.contains(25) { visibility.restoreUnknown() }
            if parameters.contains(7) { autowrapOff = true }
            return
        }
        guard privateMarker == nil else { return }
        followRow(final: final, parameters: parameters)
        if Self.blankingFinals.contains(final) && rendition.marksBlanks { coloured.onLine = true }
        // ED 0 and 2 erase below the cursor; ED 1 only above, and ED 3 only the scrollback.
        if final == UInt8(ascii: "J"), (parameters.first ?? 0) == 0 || parameters.first == 2 { coloured.below = rendition.marksBlanks }
        if final == UInt8(ascii: "m") {
            rendition.apply(parameters)
        } else if final == UInt8(ascii: "r") {
            scrollRegion = !(parameters.isEmpty || parameters == [0] || parameters == [1])
            movedRows = true  // DECSTBM homes the cursor
        } else if Self.rowMovingFinals.contains(final) {
            movedRows = true
            alternate?.movedRows = true
        } else if Self.columnMovingFinals.contains(final) {
            atLineStart = false  // the cursor left column 0; the overlay's erase would bring it back
        } else if Self.cellMakingFinals.contains(final) {
            // ICH and DCH mark the row's cells used in tmux even where it was blank
            // (`grid_move_cells`), and a clear screen later moves a used row into the scrollback;
            // ECH makes blank cells in VTE, which a tab then passes over as text (fuzz seed 30425).
            // The line's erase would make the row unused again. The row is not an empty line.
            atLineStart = false
        } else if final == UInt8(ascii: "J"), parameters.first == 2 {
            movedRows = false  // the whole screen is blank: nothing of the command's below the cursor
        }
    }

    /// Follows what a control sequence does to the cursor's row, and the modes and memory of the
    /// terminal's it relies on.
    private mutating func followRow(final: UInt8, parameters: [Int]) {
        row.follow(final: final, parameters: parameters)
        if final == UInt8(ascii: "h") || final == UInt8(ascii: "l"), parameters.contains(4) {
            insertMode = final == UInt8(ascii: "h")  // IRM
        }
        // REP repeats the last character printed, SCOSC saves the cursor.
        if final == UInt8(ascii: "b") || final == UInt8(ascii: "s") { usesTerminalMemory = true }
        if final == UInt8(ascii: "s") { visibility.save() } else if final == UInt8(ascii: "u") { visibility.restore(); rendition.lose() }
    }

    /// Applies one DEC private mode: the alternate screens, cursor visibility and autowrap.
    private mutating func applyPrivateMode(_ mode: Int, set: Bool) {
        switch mode {
        case 1049, 47, 1047:
            if mode == 1049 { if set { visibility.save() } else { visibility.restore() } }
            if set { enterAlternate(savingCursor: mode == 1049) } else { leaveAlternate(restoringCursor: mode == 1049) }
        case 25:
            visibility.set(hidden: !set)
        case 7:
            autowrapOff = !set
        case 3, 6:
            // DECCOLM clears the screen and DECOM homes the cursor (xterm's ctlseqs): a row not known.
            movedRows = true
            row.lose()
        default:
            break
        }
    }

    /// The normal screen's state is kept while the alternate screen shows; ?1049 also saves the
    /// cursor (and its rendition, as DECSC does) for its leaving.
    private mutating func enterAlternate(savingCursor: Bool) {
        guard alternate == nil else {
            // Already there: ?1049 now saves a cursor of the alternate screen, not the normal one's.
            if savingCursor { alternate?.cursorSaved = false }
            return
        }
        alternate = AlternateScreen(normal: cursor, coloured: coloured, cursorSaved: savingCursor)
    }

    /// The normal screen comes back as it was: the full-screen program's text is gone with its
    /// screen, and so are its row moves, where ?1049 restores the cursor it saved on entry.
    private mutating func leaveAlternate(restoringCursor: Bool) {
        guard let alternate else {
            // DECRC of a cursor saved elsewhere, or never: a row not known here.
            if restoringCursor { movedRows = true }
            return row.lose()
        }
        coloured = alternate.coloured
        cursor = alternate.leaving(restoringCursor: restoringCursor, from: cursor)
        self.alternate = nil
    }

    /// The cursor and what the output left around it, as ?1049 saves and restores them.
    private var cursor: AlternateScreen.Cursor {
        get { AlternateScreen.Cursor(atLineStart: atLineStart, movedRows: movedRows, rendition: rendition, row: row) }
        set { (atLineStart, movedRows, rendition, row) = (newValue.atLineStart, newValue.movedRows, newValue.rendition, newValue.row) }
    }
}
