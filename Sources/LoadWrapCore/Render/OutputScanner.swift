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
    /// `atLineStart` when ?1049 was set: leaving that alternate screen restores the cursor (DECRC).
    private var lineStartBeforeAlternate = true
    /// True while the command shows the alternate screen (a full-screen program).
    private(set) var alternateScreen = false
    /// True while the command has hidden the cursor itself.
    private(set) var cursorHidden = false
    /// True while the command has turned autowrap off itself (DECAWM, `?7l`).
    private(set) var autowrapOff = false
    /// True once the command has moved the cursor to another row (multi-line progress, a redraw),
    /// until it clears the screen: until then the rows below the cursor may hold its text, which
    /// the overlay's line would cover and its erase would wipe.
    private(set) var movedRows = false
    /// `movedRows` when the alternate screen was entered, restored when ?1049 is left.
    private var movedRowsBeforeAlternate = false
    /// True once the cursor moved rows on the alternate screen: ?47/?1047 do not restore the
    /// cursor, so on the normal screen it may now sit on a row with text.
    private var movedRowsOnAlternate = false
    /// The rendition when ?1049 was set: leaving it restores that rendition (as DECRC does).
    private var renditionBeforeAlternate = GraphicRendition()
    /// True while a scroll region is set: below it a line feed on the last row does not scroll,
    /// so the "new" line may still hold text. Cleared screens keep the region; `CSI r` resets it.
    private(set) var scrollRegion = false
    /// True when blank cells in a background colour may be on the cursor's line (an erase or a
    /// scroll while a background was set), until a line feed with the default background.
    private var colouredBlanks = false
    /// True after erasing below the cursor (ED) while a background was set: the rows the cursor
    /// moves into next are in that colour, until they are erased again with the default one.
    private var colouredBelow = false
    /// `colouredBlanks` and `colouredBelow` of the normal screen while the alternate one shows:
    /// what is erased there leaves the normal screen's cells as they were.
    private var colouredBeforeAlternate = (blanks: false, below: false)
    /// True when the alternate screen showing was entered by ?1049 from the normal screen: only
    /// then does leaving by ?1049 put the cursor back where the normal screen had it.
    private var cursorSavedForAlternate = false
    /// Continuation bytes still due for the UTF-8 character the output stopped inside.
    private var characterBytesDue = 0
    /// Graphic rendition the command left set (colours, bold, …).
    private var rendition = GraphicRendition()
    /// Escape-sequence parser state carried across chunks.
    private var parser = EscapeParser()
    /// The cursor's row: its column and how far its text reaches.
    private(set) var row = CursorRow()
    /// `row` when ?1049 was set, for its leaving.
    private var rowBeforeAlternate = CursorRow()
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
        parser.isActive || characterBytesDue > 0
    }

    /// True when the overlay may draw: an empty line, and the rest of `leavesRoomForOverlay`.
    var allowsOverlay: Bool {
        atLineStart && leavesRoomForOverlay
    }

    /// True when the output left nothing the overlay's line could disturb, wherever the cursor is:
    /// default colours, the normal screen, cursor rows untouched, no sequence or character unfinished.
    package var leavesRoomForOverlay: Bool {
        !alternateScreen && rendition.isDefault && !movedRows && !insideSequence
            && !scrollRegion && !colouredBlanks && !colouredBelow
    }

    /// True when `chunk` holds a NUL byte: data, not text for a terminal.
    package static func isBinary(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard let base = chunk.baseAddress else { return false }
        return memchr(base, 0, chunk.count) != nil
    }

    /// A scanner that knows nothing of this output but the cursor's visibility and autowrap it
    /// left: for output no longer followed (binary data) whose earlier text the terminal printed.
    package func keepingOnlyModes() -> OutputScanner {
        var kept = OutputScanner()
        (kept.cursorHidden, kept.autowrapOff) = (cursorHidden, autowrapOff)
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
            characterBytesDue = 0  // an ESC ends an unfinished character, in the terminal too
            row.characterInterrupted()
            parser.start()
            index = end + 1
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
        trackCharacter(at: text)
        if mayBackspaceAcrossWrap(text) { movedRows = true }
        var tailStart = 0
        if let newline = lw_memrchr(base, 0x0A, text.count) {
            tailStart = base.distance(to: UnsafeRawPointer(newline)) + 1
            atLineStart = true
            colouredBlanks = rendition.hasBackground  // a scroll brings in a line in that colour
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

    /// True when `text` holds a backspace and the row's text may have wrapped by then (each byte
    /// takes at most one column). Terminals disagree on a backspace at column 0 of a row that text
    /// wrapped onto: tmux moves the cursor to the end of the row above (`screen_write_backspace`
    /// follows the line's wrapped flag), as xterm does with reverse-wraparound (mode 45); xterm
    /// without it, VTE and libvterm stay. The cursor's row is then not known, as after a CUU.
    private func mayBackspaceAcrossWrap(_ text: UnsafeRawBufferPointer) -> Bool {
        guard !movedRows, let base = text.baseAddress, row.reach >= columns - text.count else { return false }
        return memchr(base, 0x08, text.count) != nil
    }

    /// Follows whether the text ends inside a UTF-8 character: only its last four bytes matter,
    /// unless it is nothing but the continuation bytes of a character begun before.
    private mutating func trackCharacter(at text: UnsafeRawBufferPointer) {
        let count = text.count
        var continuations = 0
        while continuations < count && continuations < 4 && text[count - 1 - continuations] & 0xC0 == 0x80 {
            continuations += 1
        }
        if continuations == count && count < 4 {
            characterBytesDue = max(0, characterBytesDue - count)
            return
        }
        guard continuations < 4 else { characterBytesDue = 0; return }  // not UTF-8: nothing to wait for
        let lead = text[count - 1 - continuations]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        characterBytesDue = max(0, length - 1 - continuations)
    }

    /// Applies a complete escape sequence to the tracked state.
    private mutating func apply(_ sequence: EscapeParser.Sequence) {
        switch sequence {
        case .csi(let final, let privateMarker, let parameters):
            applyCSI(final: final, privateMarker: privateMarker, parameters: parameters)
        case .escape(let final):
            // DECSC/DECRC, index, reverse index, next line, full reset: the row may change.
            if Array("78DEM".utf8).contains(final) {
                movedRows = true
                if final == UInt8(ascii: "7") { usesTerminalMemory = true }
                if final != UInt8(ascii: "7") { row.lose() }
                if alternateScreen { movedRowsOnAlternate = true }
                if Array("DEM".utf8).contains(final) && rendition.hasBackground { colouredBlanks = true }
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
        if alternateScreen {
            fresh.alternateScreen = true
            fresh.movedRowsBeforeAlternate = true
            fresh.colouredBeforeAlternate = colouredBeforeAlternate
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
            if parameters.contains(25) { cursorHidden = true }
            if parameters.contains(7) { autowrapOff = true }
            return
        }
        guard privateMarker == nil else { return }
        followRow(final: final, parameters: parameters)
        if Self.blankingFinals.contains(final) && rendition.hasBackground { colouredBlanks = true }
        // ED 0 and 2 erase below the cursor; ED 1 only above, and ED 3 only the scrollback.
        if final == UInt8(ascii: "J"), (parameters.first ?? 0) == 0 || parameters.first == 2 { colouredBelow = rendition.hasBackground }
        if final == UInt8(ascii: "m") {
            rendition.apply(parameters)
        } else if final == UInt8(ascii: "r") {
            scrollRegion = !(parameters.isEmpty || parameters == [0] || parameters == [1])
            movedRows = true  // DECSTBM homes the cursor
        } else if Self.rowMovingFinals.contains(final) {
            movedRows = true
            if alternateScreen { movedRowsOnAlternate = true }
        } else if Self.columnMovingFinals.contains(final) {
            atLineStart = false  // the cursor left column 0; the overlay's erase would bring it back
        } else if final == UInt8(ascii: "@") || final == UInt8(ascii: "P") {
            // ICH and DCH mark the row's cells used in tmux even where it was blank
            // (`grid_move_cells`), and a clear screen later moves a used row into the scrollback;
            // the line's erase would make the row unused again. The row is not an empty line.
            atLineStart = false
        } else if final == UInt8(ascii: "J"), parameters.first == 2 {
            movedRows = false  // the whole screen is blank: nothing of the command's below the cursor
        }
    }

    /// Follows what a control sequence does to the cursor's row: moves along it, erases in it,
    /// blanks inserted; anything else that moves the cursor or shifts text loses it.
    private mutating func followRow(final: UInt8, parameters: [Int]) {
        let count = max(1, parameters.first ?? 1)
        switch final {
        case UInt8(ascii: "C"): row.moveForward(by: count)
        case UInt8(ascii: "D"): row.moveBack(by: count)
        case UInt8(ascii: "a"): row.moveMaybe(by: count)
        case UInt8(ascii: "j"): row.moveMaybe(by: 0)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): row.moveTo(count - 1)
        case UInt8(ascii: "I"): row.tab(count)
        case UInt8(ascii: "Z"): row.tabBack(count)
        case UInt8(ascii: "K"): row.eraseInLine(parameters.first ?? 0)
        case UInt8(ascii: "J"):
            // ED 0 erases the rest of the row too, ED 2 the whole screen; ED 1 and ED 3 leave it.
            if let mode = [0: 0, 2: 2][parameters.first ?? 0] { row.eraseInLine(mode) }
        case UInt8(ascii: "@"): row.insertBlanks(count)
        case UInt8(ascii: "g"): row.defaultTabStops = false  // TBC: the command's own tab stops
        case UInt8(ascii: "h"), UInt8(ascii: "l"): if parameters.contains(4) { insertMode = final == UInt8(ascii: "h") }
        case UInt8(ascii: "b"):
            row.lose()  // REP repeats a character not kept here
            usesTerminalMemory = true
        case UInt8(ascii: "s"):
            usesTerminalMemory = true
            row.lose()
        default: if Self.rowMovingFinals.contains(final) { row.lose() }
        }
    }

    /// Applies one DEC private mode: the alternate screens, cursor visibility and autowrap.
    private mutating func applyPrivateMode(_ mode: Int, set: Bool) {
        switch mode {
        case 1049, 47, 1047:
            if set { enterAlternate(savingCursor: mode == 1049) } else { leaveAlternate(restoringCursor: mode == 1049) }
        case 25:
            cursorHidden = !set
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
        guard !alternateScreen else {
            // Already there: ?1049 now saves a cursor of the alternate screen, not the normal one's.
            if savingCursor { cursorSavedForAlternate = false }
            return
        }
        (lineStartBeforeAlternate, movedRowsBeforeAlternate, renditionBeforeAlternate) = (atLineStart, movedRows, rendition)
        rowBeforeAlternate = row
        colouredBeforeAlternate = (colouredBlanks, colouredBelow)
        cursorSavedForAlternate = savingCursor
        alternateScreen = true
        movedRowsOnAlternate = false
    }

    /// The normal screen comes back as it was: the full-screen program's text is gone with its
    /// screen, and so are its row moves, where ?1049 restores the cursor it saved on entry.
    private mutating func leaveAlternate(restoringCursor: Bool) {
        if alternateScreen { (colouredBlanks, colouredBelow) = colouredBeforeAlternate }
        if restoringCursor {
            if alternateScreen && cursorSavedForAlternate {
                (atLineStart, movedRows, rendition) = (lineStartBeforeAlternate, movedRowsBeforeAlternate, renditionBeforeAlternate)
                row = rowBeforeAlternate
            } else {
                movedRows = true  // DECRC of a cursor saved elsewhere, or never: a row not known here
            }
        } else if alternateScreen {
            // ?47 and ?1047 restore no cursor: where it moved on the alternate screen, it stays.
            movedRows = movedRowsBeforeAlternate || movedRowsOnAlternate
        }
        if !(restoringCursor && alternateScreen && cursorSavedForAlternate) { row.lose() }
        alternateScreen = false
        movedRowsOnAlternate = false
    }

    /// CSI finals that leave blank cells in the current background: erases (EL, ED, ECH),
    /// insert/delete (ICH, DCH, IL, DL) and scrolls (SU, SD).
    private static let blankingFinals: Set<UInt8> = Set("KJX@PLMST".utf8)

    /// CSI finals that move the cursor along its row (CUF, CHA, HPA, HPR, CHT).
    private static let columnMovingFinals: Set<UInt8> = Set("CG`aI".utf8)

    /// CSI finals that move the cursor to another row or shift rows (CUU…CPL, CUP, VPA, VPR, VPB,
    /// scroll, insert/delete lines, save/restore).
    private static let rowMovingFinals: Set<UInt8> = Set("ABEFHfdekrSTLMsu".utf8)
}
