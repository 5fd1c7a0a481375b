/// loadwrap's own lines around the command's output (an early stop, the end line, a replay of
/// held output), and the terminal's indicator at the end: none of their bytes lands inside an
/// escape sequence or a UTF-8 character the output left unfinished.
extension Painter {
    /// One of loadwrap's own lines (an early stop, the end line): the spinner erased, a line end
    /// first when the output left a partial line, then the line. `lineEnd` is `\n`, or `\r\n`
    /// while the real terminal does no output processing (keys through loadwrap, raw mode).
    /// While the output has stopped inside a sequence the line waits for it to end (`around`).
    package mutating func ownLine(_ text: String, lineEnd: String) -> [UInt8] {
        waitingLines.append(text, lineEnd: lineEnd)
        return overlay.erase() + (outputUnfinished ? [] : flushWaitingLines())
    }

    /// The own lines still waiting when the run is over. When the output ended inside a
    /// sequence they are dropped: any byte after it would become part of that sequence, and the
    /// terminal must be left as the bare run leaves it.
    package mutating func lastLines() -> [UInt8] {
        guard !outputUnfinished else {
            waitingLines.drop()
            return []
        }
        return flushWaitingLines() + indicator.flush()
    }

    /// The bytes that remove the terminal's indicator, as the very last thing loadwrap writes;
    /// nothing after output that ended inside a sequence (see `lastLines`).
    package mutating func removeIndicator() -> [UInt8] {
        indicator.remove(unfinished: outputUnfinished)
    }

    /// The waiting own lines, each on a line of its own; the cursor is then at a line start.
    mutating func flushWaitingLines() -> [UInt8] {
        guard !waitingLines.isEmpty else { return [] }
        let bytes = waitingLines.flush(atLineStart: atLineStart)
        scanner.mark(atLineStart: true)
        othersWroteLast = false
        return bytes
    }

    /// After the spinner ended, own lines (an early stop) wait for output that stopped inside a
    /// sequence: once it has ended, and others have had time to print what they were handed.
    mutating func waitingLinesWhenQuiet(nowMS: Int, view: @autoclosure () -> TerminalView) -> [UInt8] {
        guard hasWaiting, !outputUnfinished else { return [] }
        guard nowMS >= quietUntilMS, view().consumerCaughtUp else {
            waitingLines.retryMS = nowMS + overlay.look.style.intervalMS
            return []
        }
        return flushWaitingLines() + indicator.flush()
    }

    /// The bytes before loadwrap writes the command's held output: a line end where the cursor is
    /// not at a line's start (after a key's echo), so the replay begins a line of its own.
    package mutating func replaying(lineEnd: String) -> [UInt8] {
        atLineStart ? [] : Array(lineEnd.utf8)
    }

    /// Notes that the command's held output was written after the line was erased.
    package mutating func replayed(endingAtLineStart: Bool) {
        scanner.mark(atLineStart: endingAtLineStart)
        othersWroteLast = false
    }

    var hasWaiting: Bool { !waitingLines.isEmpty || indicator.waiting != nil }

    /// True while the terminal's indicator shows a failure.
    package var indicatorShowsFailure: Bool { indicator.showsFailure }
}
