import CLoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The last lines of the command's terminal output, each as a `TailRow`: what the window shows
/// above the spinner. Fed the output chunk by chunk; keeps `capacity` finished lines and the line
/// being written, whatever the output's size.
///
/// Only the end of a chunk is laid out: the part before its last `capacity + 1` line feeds could
/// only make rows that scroll out of the window at once, so there only the rendition (SGR) is
/// followed, with `memchr` hopping between escapes: a flood costs little more than the copy.
struct TailWindow: Sendable {
    /// How many lines the window shows at most.
    let capacity: Int
    /// Finished lines, oldest first, at most `capacity`.
    private var finished: [TailRow] = []
    /// The line being written: the cursor's row.
    private var current = TailRow()
    /// The rendition the output has set, which the next character is written in.
    private var style = CellStyle.plain
    /// Escape-sequence state carried across chunks.
    private var parser = EscapeParser()
    /// The first bytes of a UTF-8 character a chunk stopped inside.
    private var partial: [UInt8] = []
    /// Counts every change, so a painter can tell that the rows are the ones it last drew.
    private(set) var version = 0

    /// An empty window of `capacity` lines.
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The rows to show, oldest first: the last finished lines, and the line being written when
    /// anything is on it (a prompt), together at most `capacity`.
    var rows: [TailRow] {
        guard capacity > 0 else { return [] }
        if current.isEmpty { return Array(finished.suffix(capacity)) }
        return Array(finished.suffix(capacity - 1)) + [current]
    }

    /// True when a line is being written (a prompt): the last of `rows`.
    var writingLine: Bool { capacity > 0 && !current.isEmpty }

    /// Follows one chunk of output, in order.
    mutating func feed(_ chunk: UnsafeRawBufferPointer) {
        guard capacity > 0, let base = chunk.baseAddress, chunk.count > 0 else { return }
        version &+= 1
        var start = 0
        if let skipped = Self.start(ofLast: capacity + 1, lineFeedsIn: chunk) {
            followRendition(UnsafeRawBufferPointer(start: base, count: skipped))
            if !parser.isActive {
                // Every row now in the window scrolls out before the chunk ends.
                (finished, current, partial, start) = ([], TailRow(), [], skipped)
            }
        }
        lay(UnsafeRawBufferPointer(rebasing: chunk[start...]))
    }

    /// The index just after the `count`-th line feed from the end of `chunk`, or nil when it has fewer.
    private static func start(ofLast count: Int, lineFeedsIn chunk: UnsafeRawBufferPointer) -> Int? {
        guard let base = chunk.baseAddress else { return nil }
        var end = chunk.count
        for _ in 0..<count {
            guard end > 0, let found = lw_memrchr(base, 0x0A, end) else { return nil }
            end = base.distance(to: UnsafeRawPointer(found))
        }
        return end + 1
    }

    /// Follows only the rendition through `text`, whose rows will not be shown.
    private mutating func followRendition(_ text: UnsafeRawBufferPointer) {
        guard let base = text.baseAddress else { return }
        var index = 0
        while index < text.count {
            if parser.isActive {
                if let sequence = parser.feed(text[index]) { applyRendition(sequence) }
                index += 1
                continue
            }
            guard let found = memchr(base + index, 0x1B, text.count - index) else { return }
            parser.start()
            index = base.distance(to: UnsafeRawPointer(found)) + 1
        }
    }

    private mutating func applyRendition(_ sequence: EscapeParser.Sequence) {
        if case .csi(UInt8(ascii: "m"), nil, let parameters) = sequence { style.apply(parameters) }
    }

    /// Lays `text` out on rows, byte by byte.
    private mutating func lay(_ text: UnsafeRawBufferPointer) {
        for byte in text { take(byte) }
    }

    /// Lays out one byte.
    private mutating func take(_ byte: UInt8) {
        if parser.isActive {
            if let sequence = parser.feed(byte) { apply(sequence) }
        } else if byte >= 0x80 || !partial.isEmpty {
            followUTF8(byte)
        } else if byte >= 0x20 && byte < 0x7F {
            current.put(Unicode.Scalar(byte), width: 1, style: style)
        } else {
            control(byte)
        }
    }

    /// A C0 control (or DEL): line ends, the cursor along the row; the rest print nothing.
    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x0A, 0x0B, 0x0C: endLine()
        case 0x0D: current.carriageReturn()
        case 0x08: current.moveBack(by: 1)
        case 0x09: current.tab()
        case 0x1B: parser.start()
        default: break
        }
    }

    /// A line feed: the row is finished, the next begins blank.
    private mutating func endLine() {
        finished.append(current)
        if finished.count > capacity { finished.removeFirst(finished.count - capacity) }
        current = TailRow()
    }

    /// Applies a complete sequence: rendition, erases and moves along the row; every other
    /// sequence (rows, screens, modes, titles) is dropped, as the window has no screen to change.
    private mutating func apply(_ sequence: EscapeParser.Sequence) {
        guard case .csi(let final, nil, let parameters) = sequence else { return }
        let count = max(1, parameters.first ?? 1)
        switch final {
        case UInt8(ascii: "m"): style.apply(parameters)
        case UInt8(ascii: "K"): current.eraseInLine(parameters.first ?? 0)
        case UInt8(ascii: "C"): current.moveForward(by: count)
        case UInt8(ascii: "D"): current.moveBack(by: count)
        case UInt8(ascii: "G"): current.moveTo(count - 1)
        default: break
        }
    }

    /// Collects a UTF-8 character's bytes; an invalid or interrupted one shows as U+FFFD, as
    /// terminals show it, and the byte that interrupted it is taken on its own.
    private mutating func followUTF8(_ byte: UInt8) {
        if !partial.isEmpty && byte & 0xC0 != 0x80 {
            partial = []
            put(Unicode.Scalar(0xFFFD)!)
            return take(byte)
        }
        partial.append(byte)
        let length = byte & 0xE0 == 0xC0 ? 2 : byte & 0xF0 == 0xE0 ? 3 : byte & 0xF8 == 0xF0 ? 4 : 0
        if partial.count == 1 && length == 0 {
            partial = []
            return put(Unicode.Scalar(0xFFFD)!)
        }
        guard partial.count == Self.sequenceLength(partial[0]) else { return }
        let decoded = String(decoding: partial, as: UTF8.self).unicodeScalars.first ?? Unicode.Scalar(0xFFFD)!
        partial = []
        put(decoded)
    }

    private static func sequenceLength(_ lead: UInt8) -> Int {
        lead & 0xE0 == 0xC0 ? 2 : lead & 0xF0 == 0xE0 ? 3 : 4
    }

    /// Writes a decoded scalar: C1 controls and bidi overrides are dropped (they could act on or
    /// disguise what follows), everything else takes its display width.
    private mutating func put(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        if (0x80...0x9F).contains(value) || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
            || value == 0x2028 || value == 0x2029 {
            return
        }
        current.put(scalar, width: DisplayWidth.of(scalar), style: style)
    }
}
