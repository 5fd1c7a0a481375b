/// Makes text that loadwrap itself prints (titles, messages) safe to write to a terminal.
///
/// A title comes from the command line or from the wrapped command through the control
/// channel; either way it must never move the cursor, recolour the screen, set the
/// clipboard (OSC 52) or disguise itself, so every escape sequence is removed whole.
/// Sequence shapes follow ECMA-48 (sections 5.3–5.6) and xterm's ctlseqs.
///
/// Text is sanitised once, where it enters: the tool's command line and control channel, the
/// library's `LoadIndicator.title`, and a pattern shown in an end line.
/// What draws it (`Overlay`, `SpinnerLine`, `ReportLines`) takes it as safe.
package enum Sanitizer {
    /// `text` with escape sequences, control characters and bidi overrides removed, and
    /// each tab or line break turned into one space.
    package static func sanitize(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let value = scalars[index].value
            index += 1
            switch value {
            case 0x1B:
                index = skipEscape(scalars, from: index)
            case 0x9B:
                index = skipControlSequence(scalars, from: index)
            case 0x90, 0x98, 0x9D, 0x9E, 0x9F:
                // DCS, SOS, OSC, PM, APC: a string that runs to its terminator.
                index = skipControlString(scalars, from: index, bellEnds: value == 0x9D)
            case 0x09...0x0D, 0x2028, 0x2029:
                output.append(" ")
            case 0x00...0x1F, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069:
                // Other controls print nothing useful; bidi embeddings, overrides and
                // isolates can make text read differently from what it is.
                break
            default:
                output.append(scalars[index - 1])
            }
        }
        return String(output)
    }

    /// The index just past the escape sequence whose ESC came right before `start`.
    private static func skipEscape(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        guard start < scalars.count else { return start }
        switch scalars[start].value {
        case 0x5B:  // "[": CSI
            return skipControlSequence(scalars, from: start + 1)
        case 0x5D:  // "]": OSC, which xterm also ends with BEL
            return skipControlString(scalars, from: start + 1, bellEnds: true)
        case 0x50, 0x58, 0x5E, 0x5F:  // "P", "X", "^", "_": DCS, SOS, PM, APC
            return skipControlString(scalars, from: start + 1, bellEnds: false)
        default:
            // ESC, intermediates 0x20–0x2F, one final 0x30–0x7E (e.g. "ESC ( B", "ESC 7").
            var index = start
            while index < scalars.count, (0x20...0x2F).contains(scalars[index].value) { index += 1 }
            if index < scalars.count, (0x30...0x7E).contains(scalars[index].value) { return index + 1 }
            // Malformed: drop what was read; a following scalar is kept (and sanitised).
            return index
        }
    }

    /// The index just past a CSI's parameters, intermediates and final byte.
    private static func skipControlSequence(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, (0x20...0x3F).contains(scalars[index].value) { index += 1 }
        if index < scalars.count, (0x40...0x7E).contains(scalars[index].value) { return index + 1 }
        // Malformed: without its introducer the rest is harmless text, so keep it.
        return index
    }

    /// The index just past a control string's terminator (ST as `ESC \` or U+009C, or BEL
    /// when `bellEnds`), or the end when it is unterminated: the terminal would swallow
    /// that text too.
    private static func skipControlString(_ scalars: [Unicode.Scalar], from start: Int, bellEnds: Bool) -> Int {
        var index = start
        while index < scalars.count {
            let value = scalars[index].value
            if value == 0x9C || (bellEnds && value == 0x07) { return index + 1 }
            if value == 0x1B, index + 1 < scalars.count, scalars[index + 1] == "\\" { return index + 2 }
            index += 1
        }
        return index
    }
}
