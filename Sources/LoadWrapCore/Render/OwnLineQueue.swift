/// loadwrap's own lines (an early stop, the end line) waiting for the output to leave an
/// unfinished escape sequence or UTF-8 character: no byte of loadwrap's may land inside one.
struct OwnLineQueue {
    /// Each line's text and the line end it takes: `\n`, or `\r\n` in raw mode.
    private var lines: [(text: String, lineEnd: String)] = []
    /// When lines waiting after the end are tried again.
    var retryMS = 0

    var isEmpty: Bool { lines.isEmpty }

    /// Queues `text`.
    mutating func append(_ text: String, lineEnd: String) {
        lines.append((text, lineEnd))
    }

    /// Drops what waits: output that ended inside a sequence takes no byte after it.
    mutating func drop() {
        lines.removeAll()
    }

    /// The waiting lines, each on a line of its own: a line end first where the cursor is not
    /// `atLineStart`, and after each, the cursor is at a line start.
    mutating func flush(atLineStart: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        var lineStart = atLineStart
        for (text, lineEnd) in lines {
            if !lineStart { bytes += Array(lineEnd.utf8) }
            bytes += Array(text.utf8) + Array(lineEnd.utf8)
            lineStart = true
        }
        lines.removeAll()
        return bytes
    }
}
