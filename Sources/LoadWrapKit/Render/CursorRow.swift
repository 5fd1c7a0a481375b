import CLoadWrap

/// What a command's output has put on the cursor's row since it began there: the cursor's column,
/// how far its text reaches, and whether it went back to rewrite it (`\r` progress: SwiftPM's
/// `[49/75] Compiling …`, cargo, pip, `curl -#`). The `Painter` shows the spinner in the blank
/// cells to the right of such a line, and must put the cursor back exactly: so every column here
/// is either known for certain or nil, and anything not followed makes it nil until the next `\r`.
///
/// The row began blank: it was entered by a line feed, with nothing of the command's below the
/// cursor (the scanner's `movedRows` is false wherever this is used), as the overlay's line assumes.
struct CursorRow: Equatable {
    /// The cursor's column, or nil when some output was not followed.
    private(set) var column: Int? = 0
    /// The first column right of everything printed on the row: blank from here on; nil: unknown.
    private(set) var extent: Int? = 0
    /// The farthest column the cursor reached, erases notwithstanding: at or past the terminal's
    /// width the text wrapped onto the next row, whatever `extent` says now.
    private(set) var reach = 0
    /// True once the output went back along the row, or erased it, after printing on it: a line
    /// rewritten in place. A prompt waiting for input is not, and keeps the spinner away.
    private(set) var rewritten = false
    /// Counts the rows begun, so a reader can tell this row from the last.
    private(set) var serial = 0

    /// A row at the top of a screen a full reset (RIS) cleared, tab stops back to the default.
    mutating func reset() {
        self = CursorRow(serial: serial &+ 1)
    }

    private init(serial: Int) {
        self.serial = serial
    }

    /// The row loadwrap starts on: the shell's prompt line was ended by the Enter that started it.
    init() {}

    /// A text run longer than this on one row is not followed (a long line, or data): measuring
    /// it would cost more than the relay, and the line could never fit beside it anyway.
    static let longestFollowed = 512

    /// A new row: after a line feed (with the carriage return the pty's output processing adds),
    /// or a clear; `known` is false when the row may hold text already or the column is not 0.
    mutating func begin(known: Bool = true) {
        (column, extent, reach, rewritten) = (0, 0, 0, false)
        if !known { lose() }
        serial &+= 1
    }

    /// Forgets the row: output that was not followed. A carriage return brings the column back,
    /// an erase to the end of the row the extent; how far the text reached stays unknown.
    mutating func lose() {
        (column, extent, reach) = (nil, nil, Self.longestFollowed)
    }

    /// Set once the command sets tab stops of its own (HTS, TBC): a tab then moves to a column
    /// not followed here.
    var defaultTabStops = true

    /// Follows one run of text that holds no line feed (the scanner begins a row at each one).
    mutating func follow(_ text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress else { return }
        var start = 0
        if text.count > Self.longestFollowed {
            // What came before the last carriage return only made the row wider; without one the
            // whole run is a line too long to follow.
            lose()
            guard let last = lw_memrchr(base, 0x0D, text.count) else { return }
            start = base.distance(to: UnsafeRawPointer(last))
            guard text.count - start <= Self.longestFollowed else { return }
        }
        var index = start
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

    /// Follows the UTF-8 character at `index`; returns the index after it. Only widths every
    /// terminal agrees on are followed: not emoji, variation selectors or joiners, whose width
    /// differs between terminals, and not C1 controls.
    private mutating func followScalar(_ text: UnsafeRawBufferPointer, at index: Int) -> Int {
        let lead = text[index]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        guard length > 1, index + length <= text.count else {
            lose()  // a stray continuation byte, or a character the next run finishes
            return index + length
        }
        var value = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length { value = value << 6 | UInt32(text[index + offset] & 0x3F) }
        guard let scalar = Unicode.Scalar(value), Self.widthIsCertain(value) else {
            lose()
            return index + length
        }
        print(width: DisplayWidth.of(scalar))
        return index + length
    }

    /// False for the scalars whose width terminals disagree on, or that are not printed.
    private static func widthIsCertain(_ value: UInt32) -> Bool {
        !(0x80..<0xA0).contains(value) && !(0x200B...0x200F).contains(value) && !(0xFE00...0xFE0F).contains(value)
            && value < 0x1F000
    }

    /// Follows a character `width` columns wide printed at the cursor.
    private mutating func print(width: Int) {
        guard let column else { return }
        extent = extent.map { max($0, column + width) }
        move(to: column + width)
    }

    /// Follows `count` tabs forward (HT, CHT): to the default stops, every 8 columns.
    mutating func tab(_ count: Int) {
        guard defaultTabStops else { return lose() }
        guard let column else { return }
        move(to: (column / 8 + count) * 8)
    }

    /// Follows `count` tabs backward (CBT).
    mutating func tabBack(_ count: Int) {
        guard defaultTabStops else { return lose() }
        guard let column else { return }
        moveTo(max(0, ((column + 7) / 8 - count) * 8))
    }

    /// Follows a move `count` columns right (CUF, HPR).
    mutating func moveForward(by count: Int) {
        guard let column else { return }
        move(to: column + count)
    }

    /// Follows a move `count` columns left (CUB); the cursor stops at the margin.
    mutating func moveBack(by count: Int) {
        guard let column else { return }
        moveTo(max(0, column - count))
    }

    /// Follows a move to column `target` of the row (CHA, HPA), from wherever the cursor was.
    mutating func moveTo(_ target: Int) {
        if let column, target >= column { return move(to: target) }
        if (extent ?? 1) > 0 { rewritten = true }
        column = target
    }

    /// A move right along the row, from a known column.
    private mutating func move(to target: Int) {
        column = target
        reach = max(reach, target)
        if target > Self.longestFollowed { lose() }
    }

    /// Follows an erase in line (EL): 0 from the cursor on, 1 up to it, 2 the whole row. Erasing
    /// text already printed rewrites the row too: SwiftPM's progress is `ESC[2K` `\r` and the new state.
    mutating func eraseInLine(_ mode: Int) {
        if (extent ?? 1) > 0 && (mode == 2 || mode == 0 && column.map { $0 < extent ?? Int.max } ?? true) { rewritten = true }
        if mode == 2 { extent = 0 }
        // Everything from the cursor on is blank now: a bound for an extent not known before.
        if mode == 0, let column { extent = min(extent ?? column, column) }
    }

    /// Follows `count` blanks inserted at the cursor (ICH): the text right of it moves right.
    mutating func insertBlanks(_ count: Int) {
        guard let column, let extent, extent > column else { return }
        self.extent = extent + count
        reach = max(reach, extent + count)
    }
}
