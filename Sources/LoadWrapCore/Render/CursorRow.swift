import CLoadWrapCore

/// What a command's output has put on the cursor's row since it began there: the cursor's column,
/// how far its text reaches, and whether it went back to rewrite it (`\r` progress: SwiftPM's
/// `[49/75] Compiling …`, cargo, pip, `curl -#`). The `Painter` shows the spinner in the blank
/// cells to the right of such a line. Every column here is known for certain or nil; what is not
/// followed makes it nil until a carriage return, and an upper bound of the column is kept
/// throughout, so that how far the text may have reached (where it would wrap) is never lost.
///
/// The row began blank: it was entered by a line feed, with nothing of the command's below the
/// cursor (the scanner's `movedRows` is false wherever this is used), as the overlay's line assumes.
struct CursorRow: Equatable {
    /// The cursor's column, or nil when some output was not followed.
    private(set) var column: Int? = 0
    /// The first column right of everything printed on the row: blank from here on; nil: unknown.
    private(set) var extent: Int? = 0
    /// A column the cursor is certainly not right of: `column` when known.
    private var bound = 0
    /// The farthest column the cursor may have reached, erases notwithstanding: at or past the
    /// terminal's width the text wrapped onto the next row, whatever `extent` says now.
    private(set) var reach = 0
    /// True once the output went back along the row, or erased it, after printing on it: a line
    /// rewritten in place. A prompt printed on a fresh row is not, and keeps the spinner away.
    private(set) var rewritten = false
    /// Counts the rows begun, so a reader can tell this row from the last.
    private(set) var serial = 0
    /// The first bytes of a UTF-8 character the last run of text stopped inside.
    private var partial: [UInt8] = []
    /// True when the row's last cell of text may have been printed in colours or attributes of
    /// the command's: cells written after it and erased again differ from never-written ones in
    /// tmux's grid (`capture-pane -e` resets the colour before them), so nothing goes beside it.
    private(set) var endsStyled = false
    /// Whether the text being followed is printed with a rendition of the command's.
    private var printingStyled = false

    /// A row at the top of a screen a full reset (RIS) cleared, tab stops back to the default.
    mutating func reset() {
        self = CursorRow(serial: serial &+ 1)
    }

    private init(serial: Int) {
        self.serial = serial
    }

    /// The row loadwrap starts on: the shell's prompt line was ended by the Enter that started it.
    init() {}

    /// A row reaching further is not followed (a long line, or data): measuring it would cost more
    /// than the relay, and the line could never fit beside it anyway.
    static let longestFollowed = 512

    /// A new row: after a line feed (with the carriage return the pty's output processing adds),
    /// or a clear; `known` is false when the row may hold text already or the column is not 0.
    mutating func begin(known: Bool = true) {
        (column, extent, bound, reach, rewritten, partial, endsStyled) = (0, 0, 0, 0, false, [], false)
        if !known { lose() }
        serial &+= 1
    }

    /// Forgets the row: the cursor moved in a way not followed. A carriage return brings the
    /// column back, an erase to the end of the row the extent; how far the text reached does not.
    mutating func lose() {
        (column, extent, bound, reach) = (nil, nil, Self.longestFollowed, Self.longestFollowed)
    }

    /// Forgets the column and the extent after output whose width is uncertain, the cursor at most
    /// `columns` further right.
    private mutating func loseColumn(advancingAtMost columns: Int) {
        (column, extent) = (nil, nil)
        advanceBound(to: bound + columns)
    }

    /// Set once the command sets tab stops of its own (HTS, TBC): a tab then moves to a column
    /// not followed here.
    var defaultTabStops = true

    /// True when the cursor is known to be at column 0, with no character half-printed: a bare
    /// line feed there begins a row known as well (`\r\n` cut between two reads).
    var isAtColumnZero: Bool { column == 0 && partial.isEmpty }

    /// Follows one run of text that holds no line feed (the scanner begins a row at each one),
    /// printed `styled` (a rendition other than the default) or not.
    mutating func follow(_ text: UnsafeRawBufferPointer, styled: Bool = false) {
        guard let base = text.baseAddress, text.count > 0 else { return }
        printingStyled = styled
        var index = finishPartial(text)
        if text.count - index > Self.longestFollowed {
            // What came before the last carriage return only made the row wider; without one the
            // whole run is a line too long to follow.
            lose()
            guard let last = lw_memrchr(base + index, 0x0D, text.count - index) else { return }
            index = base.distance(to: UnsafeRawPointer(last))
            guard text.count - index <= Self.longestFollowed else { return }
        }
        while index < text.count {
            let byte = text[index]
            if byte < 0x80 {
                followASCII(byte)
                index += 1
            } else {
                index = followScalar(text, at: index)
            }
        }
    }

    /// An escape sequence began inside a character: the terminal drops or replaces what it had.
    mutating func characterInterrupted() {
        guard !partial.isEmpty else { return }
        partial = []
        loseColumn(advancingAtMost: 1)
    }

    private mutating func followASCII(_ byte: UInt8) {
        switch byte {
        case 0x0D:
            moveTo(0)
        case 0x08:
            // BS stops at the left margin (xterm's ctlseqs, without reverse-wraparound mode 45).
            moveBack(by: 1)
        case 0x09:
            tab(1)
        case 0x0B, 0x0C:
            // VT and FF are line feeds without the carriage return: the row changes, the column not.
            begin(known: false)
        case 0x20..<0x7F:
            print(width: 1)
        default:
            break  // BEL, NUL and the other C0 controls move nothing
        }
    }

    /// Completes a character the last run stopped inside with this run's first bytes; returns the
    /// index of the first byte after them.
    private mutating func finishPartial(_ text: UnsafeRawBufferPointer) -> Int {
        guard !partial.isEmpty else { return 0 }
        var joined = partial
        partial = []
        let needed = UTF8Scalar.sequenceLength(joined[0]) - joined.count
        var index = 0
        while index < min(needed, text.count) && text[index] & 0xC0 == 0x80 {
            joined.append(text[index])
            index += 1
        }
        if index < needed && index < text.count {
            loseColumn(advancingAtMost: 2)  // interrupted: not UTF-8
        } else {
            _ = joined.withUnsafeBytes { followScalar($0, at: 0) }
        }
        return index
    }

    /// Follows the UTF-8 character at `index`; returns the index after it, or the index of the
    /// byte that shows it is not UTF-8. Only widths every terminal agrees on are followed; a
    /// character that ends the run is kept for the next.
    private mutating func followScalar(_ text: UnsafeRawBufferPointer, at index: Int) -> Int {
        let length = UTF8Scalar.sequenceLength(text[index])
        guard length > 1 else {
            loseColumn(advancingAtMost: 1)  // a stray continuation byte or a lead byte UTF-8 never uses
            return index + 1
        }
        var value = UInt32(text[index]) & (0xFF >> (length + 1))
        for offset in 1..<length {
            guard index + offset < text.count else {
                partial = Array(text[index...])
                return text.count
            }
            let byte = text[index + offset]
            guard byte & 0xC0 == 0x80 else {
                loseColumn(advancingAtMost: 1)
                return index + offset
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        guard UTF8Scalar.isValid(value, length: length), let scalar = Unicode.Scalar(value) else {
            loseColumn(advancingAtMost: 1)
            return index + length
        }
        if UTF8Scalar.widthIsCertain(scalar) { print(width: DisplayWidth.of(scalar)) } else { loseColumn(advancingAtMost: 2) }
        return index + length
    }

    /// Follows a character `width` columns wide printed at the cursor.
    private mutating func print(width: Int) {
        if let column {
            if let extent, column + width >= extent { endsStyled = printingStyled }
            extent = extent.map { max($0, column + width) }
            move(to: column + width)
        } else {
            // Printed at a column not known: how far the row's text reaches is not known either.
            extent = nil
            advanceBound(to: bound + width)
        }
    }

    /// Follows `count` tabs forward (HT, CHT): to the default stops, every 8 columns.
    mutating func tab(_ count: Int) {
        guard defaultTabStops else { return lose() }
        guard let column else { return advanceBound(to: (bound / 8 + count) * 8) }
        move(to: (column / 8 + count) * 8)
    }

    /// Follows `count` tabs backward (CBT).
    mutating func tabBack(_ count: Int) {
        guard defaultTabStops else { return lose() }
        guard let column else { return }
        moveTo(max(0, ((column + 7) / 8 - count) * 8))
    }

    /// Follows a move `count` columns right (CUF).
    mutating func moveForward(by count: Int) {
        guard let column else { return advanceBound(to: bound + count) }
        move(to: column + count)
    }

    /// Follows a move `count` columns left (CUB); the cursor stops at the margin.
    mutating func moveBack(by count: Int) {
        guard let column else {
            bound = max(0, bound - count)
            return
        }
        moveTo(max(0, column - count))
    }

    /// Follows a sequence some terminals move the cursor with and others ignore (HPR, HPB: tmux
    /// has neither): the column is no longer known, at most `count` further right.
    mutating func moveMaybe(by count: Int) {
        loseColumn(advancingAtMost: count)
    }

    /// Follows a move to column `target` of the row (CHA, HPA, CR), from wherever the cursor was.
    mutating func moveTo(_ target: Int) {
        if let column, target >= column { return move(to: target) }
        if (extent ?? 1) > 0 { rewritten = true }
        column = target
        bound = target
        reach = max(reach, target)
    }

    /// A move right along the row, from a known column.
    private mutating func move(to target: Int) {
        column = target
        advanceBound(to: target)
    }

    /// Raises the column's bound (and how far the row reached) to `target`.
    private mutating func advanceBound(to target: Int) {
        bound = target
        reach = max(reach, target)
        if target > Self.longestFollowed { lose() }
    }

    /// Follows an erase in line (EL): 0 from the cursor on, 1 up to it, 2 the whole row. Erasing
    /// text already printed rewrites the row too: SwiftPM's progress is `ESC[2K` `\r` and the new state.
    mutating func eraseInLine(_ mode: Int) {
        if (extent ?? 1) > 0 && (mode == 2 || mode == 0 && column.map { $0 < extent ?? Int.max } ?? true) { rewritten = true }
        if mode == 2 { (extent, endsStyled) = (0, false) }
        // Everything from the cursor on is blank now: a bound for an extent not known before.
        if mode == 0, let column {
            let shortened = extent.map { column < $0 } ?? true
            extent = min(extent ?? column, column)
            // The cell now last was printed in a rendition not kept here, unless none is left.
            if shortened { endsStyled = column > 0 }
        }
    }

    /// Follows `count` blanks inserted at the cursor (ICH): the text right of it moves right.
    mutating func insertBlanks(_ count: Int) {
        guard let column, let extent else { return growReach(by: count) }
        guard extent > column else { return }
        self.extent = extent + count
        growReach(by: extent + count - reach)
    }

    /// The row's text may now reach `count` columns further.
    private mutating func growReach(by count: Int) {
        reach += max(0, count)
        if reach > Self.longestFollowed { lose() }
    }
}
