/// Puts a label (`build | `) before each line of one command's output, as docker compose and
/// `concurrently` do, so that several commands' lines can share a terminal. It follows the stream
/// byte by byte: the label goes only where the command's next printable character starts a line,
/// so never inside an escape sequence (`EscapeParser`) or a UTF-8 character, and after an erase
/// or colour change the command wrote at the line's start (`\r\e[2K50%` keeps its label).
///
/// The command's colours survive the label: the rendition it set is tracked (`CellStyle`) and set
/// again after the label, which is drawn from the default rendition. The end of a chunk that
/// stops inside a sequence or a character is held back until the rest comes, so another command's
/// bytes, written between two chunks, never land inside it (`leave`).
package struct LinePrefixer {
    /// The label and its separator, as written (coloured or not).
    private let label: [UInt8]
    private var parser = EscapeParser()
    /// The rendition the command's own sequences left set.
    private var style = CellStyle.plain
    /// True at the start of a line: the next printable character gets the label.
    private var atLineStart = true
    /// True once the line has text since its last line feed: a carriage return goes back over it.
    private var lineHasText = false
    /// Continuation bytes still due for the UTF-8 character begun.
    private var continuationsDue = 0
    /// Processed bytes not yet handed out: the start of a sequence or character not complete.
    private var pending: [UInt8] = []

    /// Longest tail held back: past it, an unterminated control string is let through as it is.
    static let mostHeld = 4096

    /// A prefixer that writes `name | ` before each line, in the SGR foreground colour `color`
    /// (e.g. 36, cyan) when given.
    package init(name: String, color: Int?) {
        let text = Array((name + " |").utf8)
        label = (color.map { Array("\u{1B}[\($0)m".utf8) + text + Array("\u{1B}[39m".utf8) } ?? text) + [0x20]
    }

    /// `names` padded with spaces to the widest on a terminal, so that the lines after them
    /// start in one column.
    package static func padded(_ names: [String]) -> [String] {
        let widths = names.map(DisplayWidth.of)
        let widest = widths.max() ?? 0
        return zip(names, widths).map { $0 + String(repeating: " ", count: widest - $1) }
    }

    /// The bytes to write for `chunk`: the command's bytes with the labels, less a tail held back.
    package mutating func feed(_ chunk: some Sequence<UInt8>) -> [UInt8] {
        Array(chunk).withUnsafeBytes { feed($0) }
    }

    /// `feed` over a chunk as read: a run of plain text inside a line (printable ASCII, tab),
    /// which changes no state, is copied whole; only the bytes around it go one by one. Byte by
    /// byte, the labels cost 0.5 s of CPU on 27 MB of lines (issue 43, docs/benchmarks.md).
    package mutating func feed(_ chunk: UnsafeRawBufferPointer) -> [UInt8] {
        var output = pending
        pending.removeAll()
        output.reserveCapacity(output.count + chunk.count + chunk.count / 4)
        var safe = 0  // what was held is by its nature not between characters
        var index = 0
        while index < chunk.count {
            if !atLineStart && isBetweenCharacters {
                let start = index
                while index < chunk.count, Self.isPlainText(chunk[index]) { index += 1 }
                if index > start {
                    output.append(contentsOf: UnsafeRawBufferPointer(rebasing: chunk[start..<index]))
                    safe = output.count
                    continue
                }
            }
            feed(chunk[index], into: &output)
            index += 1
            if isBetweenCharacters { safe = output.count }
        }
        if output.count - safe > Self.mostHeld { safe = output.count }
        pending = Array(output[safe...])
        output.removeSubrange(safe...)
        return output
    }

    /// The bytes that end this command's turn on the terminal before another command writes: a
    /// line it left unfinished is ended (its next text starts a labelled line), and its rendition
    /// is reset, so neither runs into the other's text. A tail held back stays held.
    package mutating func leave() -> [UInt8] {
        var output: [UInt8] = []
        if lineHasText {
            output += [0x0D, 0x0A]
            lineHasText = false
            atLineStart = true
        }
        if !style.isPlain { output += Array("\u{1B}[0m".utf8) }
        return output
    }

    /// What was held back, at the end of the stream: nothing more will complete it. A sequence
    /// cut short is ended with CAN, which returns a terminal's parser to text from any sequence
    /// or control string (ECMA-48 8.3.6; xterm's and tmux's parsers), so the next command's
    /// bytes are not taken as its end. A character cut short needs nothing: the next byte that is
    /// no continuation ends it.
    package mutating func finish() -> [UInt8] {
        defer {
            pending.removeAll()
            parser = EscapeParser()
            continuationsDue = 0
        }
        return parser.isActive ? pending + [0x18] : pending
    }

    /// Whether the bytes so far end between characters and outside any sequence.
    private var isBetweenCharacters: Bool { !parser.isActive && continuationsDue == 0 }

    /// Appends `byte` to `output`, with the label before it when it starts a line's text.
    private mutating func feed(_ byte: UInt8, into output: inout [UInt8]) {
        if parser.isActive {
            if case .csi(UInt8(ascii: "m"), nil, let parameters)? = parser.feed(byte) { style.apply(parameters) }
            output.append(byte)
            return
        }
        if continuationsDue > 0 {
            if (0x80...0xBF).contains(byte) {
                continuationsDue -= 1
                output.append(byte)
                return
            }
            continuationsDue = 0  // a character cut short is over
        }
        switch byte {
        case 0x1B:
            parser.start()
        case 0x0A:
            atLineStart = true
            lineHasText = false
        case 0x0D:
            atLineStart = true
        case 0x09, 0x20...0x7E, 0x80...0xFF:
            continuationsDue = Self.continuations(after: byte)
            if atLineStart { writeLabel(into: &output) }
        default:
            break  // other controls take no label
        }
        output.append(byte)
    }

    /// The label, drawn from the default rendition, then the command's rendition again.
    private mutating func writeLabel(into output: inout [UInt8]) {
        if !style.isPlain { output += Array("\u{1B}[0m".utf8) }
        output += label
        if !style.isPlain { output += style.sequence }
        atLineStart = false
        lineHasText = true
    }

    /// Whether `byte` is text that, inside a line's text, only passes through: printable ASCII or tab.
    private static func isPlainText(_ byte: UInt8) -> Bool {
        (byte >= 0x20 && byte <= 0x7E) || byte == 0x09  // comparisons: ClosedRange.contains was a call per byte
    }

    /// The continuation bytes a UTF-8 lead byte announces (RFC 3629); 0 for ASCII and strays.
    private static func continuations(after byte: UInt8) -> Int {
        switch byte {
        case 0xC2...0xDF: return 1
        case 0xE0...0xEF: return 2
        case 0xF0...0xF4: return 3
        default: return 0
        }
    }
}
