import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Follows the terminal state a command's output leaves behind, so the overlay knows when
/// drawing its line cannot disturb the command's screen.
///
/// Only escape sequences are parsed (found with `memchr`), so plain text costs almost nothing.
struct OutputScanner {
    /// True when the cursor is at the start of an empty line: nothing printable (or a tab) since the last newline.
    private(set) var atLineStart = true
    /// `atLineStart` when ?1049 was set: leaving that alternate screen restores the cursor (DECRC).
    private var lineStartBeforeAlternate = true
    /// True while the command shows the alternate screen (a full-screen program).
    private(set) var alternateScreen = false
    /// True while the command has hidden the cursor itself.
    private(set) var cursorHidden = false
    /// True once the command has moved the cursor to another row (multi-line progress, a redraw),
    /// until it clears the screen: until then the rows below the cursor may hold its text, which
    /// the overlay's line would cover and its erase would wipe.
    private(set) var movedRows = false
    /// `movedRows` when the alternate screen was entered, restored when it is left.
    private var movedRowsBeforeAlternate = false
    /// Continuation bytes still due for the UTF-8 character the output stopped inside.
    private var characterBytesDue = 0
    /// Graphic rendition the command left set (colours, bold, …).
    private var rendition = GraphicRendition()
    /// Escape-sequence parser state carried across chunks.
    private var parser = EscapeParser()

    /// True while the output has stopped inside an escape sequence or a UTF-8 character: a byte
    /// of loadwrap's own now would land inside it (an ESC cancels the command's sequence, and the
    /// rest of it would show as text).
    var insideSequence: Bool {
        parser.isActive || characterBytesDue > 0
    }

    /// True when the overlay may draw: an empty line, default colours, the normal screen, cursor
    /// rows untouched, and no sequence or character left unfinished.
    var allowsOverlay: Bool {
        atLineStart && !alternateScreen && rendition.isDefault && !movedRows && !insideSequence
    }

    /// Notes where loadwrap's own writes (its lines, replayed output) left the cursor: at the start
    /// of an empty line or not.
    mutating func mark(atLineStart: Bool) {
        self.atLineStart = atLineStart
    }

    /// Updates the state with one chunk of output, in order.
    mutating func scan(_ chunk: UnsafeRawBufferPointer) {
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
        var tailStart = 0
        if let newline = lw_memrchr(base, 0x0A, text.count) {
            tailStart = base.distance(to: UnsafeRawPointer(newline)) + 1
            atLineStart = true
        }
        guard atLineStart else { return }
        // A tab leaves the line empty but the cursor off column 0, where erasing the overlay puts it back.
        for byte in text[tailStart...] where byte >= 0x20 && byte != 0x7F || byte == 0x09 {
            atLineStart = false
            return
        }
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
            if [UInt8(ascii: "7"), UInt8(ascii: "8"), UInt8(ascii: "D"), UInt8(ascii: "E"), UInt8(ascii: "M")].contains(final) {
                movedRows = true
            } else if final == UInt8(ascii: "c") {
                self = OutputScanner()  // a full reset clears the screen: nothing is left below
            }
        case .string:
            break
        }
    }

    /// Applies a control sequence: modes, renditions and row movements.
    private mutating func applyCSI(final: UInt8, privateMarker: UInt8?, parameters: [Int]) {
        if privateMarker == UInt8(ascii: "?") && (final == UInt8(ascii: "h") || final == UInt8(ascii: "l")) {
            let set = final == UInt8(ascii: "h")
            for mode in parameters {
                // xterm's ?1049 saves the cursor on entry and restores it on exit; the
                // full-screen program's text is gone with its screen. ?47/?1047 restore nothing.
                if mode == 1049 {
                    if set { lineStartBeforeAlternate = atLineStart } else { atLineStart = lineStartBeforeAlternate }
                }
                // Row moves on the alternate screen vanish with it: the normal screen is as it was.
                if mode == 1049 || mode == 1047 || mode == 47 {
                    if set { movedRowsBeforeAlternate = movedRows } else { movedRows = movedRowsBeforeAlternate }
                }
                if mode == 1049 || mode == 1047 || mode == 47 { alternateScreen = set }
                if mode == 25 { cursorHidden = !set }
            }
            return
        }
        guard privateMarker == nil else { return }
        if final == UInt8(ascii: "m") {
            rendition.apply(parameters)
        } else if Self.rowMovingFinals.contains(final) {
            movedRows = true
        } else if Self.columnMovingFinals.contains(final) {
            atLineStart = false  // the cursor left column 0; the overlay's erase would bring it back
        } else if final == UInt8(ascii: "J"), parameters.first == 2 || parameters.first == 3 {
            movedRows = false  // the whole screen is blank: nothing of the command's below the cursor
        }
    }

    /// CSI finals that move the cursor along its row (CUF, CHA, HPA, HPR, CHT).
    private static let columnMovingFinals: Set<UInt8> = Set("CG`aI".utf8)

    /// CSI finals that move the cursor to another row or shift rows (CUU…CPL, CUP, VPA, scroll, insert/delete lines, save/restore).
    private static let rowMovingFinals: Set<UInt8> = Set("ABEFHfdrSTLMsu".utf8)
}
