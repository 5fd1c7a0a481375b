import Testing

@testable import LoadWrapCore

/// The line beside a line the command rewrites in place (`\r` progress), with exact bytes on a
/// fake clock: drawn in the blank cells right of it, the cursor put back at its column (and left
/// visible there, as bare), erased before the next chunk, and kept away wherever that could leave
/// a trace.
/// Frames `a`/`b` every 100 ms, no colour, started at 1000 ms, no delay, 80 columns.
@Suite struct PainterBesideTests {
    private static let look = Overlay.Look(
        style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

    private static func painter(beside: Bool = true, columns: Int = 80) -> Painter {
        Painter(overlay: Overlay(look: look, title: "w", startMS: 1_000, delayMS: 0, columns: columns),
                besideUnfinishedLines: beside)
    }

    private static let hide = "\u{1B}[?25l"

    /// `around` for a text chunk, as one string: head + chunk + tail.
    private static func around(_ painter: inout Painter, _ text: String, at now: Int) -> String {
        var copy = text
        return copy.withUTF8 { utf8 in
            let (head, tail) = painter.around(UnsafeRawBufferPointer(utf8), nowMS: now, view: TerminalView())
            return String(decoding: head, as: UTF8.self) + text + String(decoding: tail, as: UTF8.self)
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The line `frame w 0s` two columns right of the cursor, which then goes back to `column`
    /// (the end of the command's text) by a carriage return and a move right: never through the
    /// terminal's saved-cursor slot (DECSC, DECRC), which the command may restore unsaved.
    private static func beside(_ frame: String, column: Int = 8) -> String {
        "\u{1B}[2C\u{1B}[?7l\(frame) w 0s\u{1B}[K\u{1B}[?7h\r\u{1B}[\(column)C"
    }

    /// The rest of the row after the cursor, which is at the end of the command's text.
    private static let besideErase = "\u{1B}[K"

    @Test func aLineRewrittenInPlaceHasTheLineBesideIt() {
        var painter = Self.painter()
        #expect(Self.around(&painter, "[1/3] ab", at: 1_000) == "[1/3] ab", "printed once: maybe a prompt")
        #expect(Self.around(&painter, "\r[2/3] cd", at: 1_050) == "\r[2/3] cd" + Self.beside("a"))
        #expect(Self.around(&painter, "\r[3/3] ef", at: 1_100) == Self.besideErase + "\r[3/3] ef" + Self.beside("a"))
        #expect(Self.text(painter.frame(nowMS: 1_150, view: TerminalView())) == Self.beside("b"))
    }

    /// The run's end erases it and leaves the cursor where the command left it; loadwrap's own
    /// lines start below the unfinished line.
    @Test func theEndErasesItAndOwnLinesGoBelow() {
        var painter = Self.painter()
        _ = Self.around(&painter, "[1/3] ab\r[2/3] cd", at: 1_000)
        var ended = painter
        #expect(Self.text(ended.end()) == Self.besideErase)
        #expect(Self.text(painter.ownLine("done", lineEnd: "\n")) == Self.besideErase + "\ndone\n")
    }

    /// A line feed ends the row: the line goes back to the start of the next one.
    @Test func aFinishedLineTakesTheLineBackToItsOwnRow() {
        var painter = Self.painter()
        _ = Self.around(&painter, "[1/3] ab\r[2/3] cd", at: 1_000)
        #expect(Self.around(&painter, "\r\n", at: 1_010)
            == Self.besideErase + "\r\n" + Self.hide + "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r")
    }

    /// Where keys do not pass through loadwrap the terminal may echo them at a cursor loadwrap
    /// does not follow: nothing beside.
    @Test func notWithoutTheKeys() {
        var painter = Self.painter(beside: false)
        #expect(Self.around(&painter, "[1/3] ab\r[2/3] cd", at: 1_000) == "[1/3] ab\r[2/3] cd")
    }

    /// Within half the width, and not where fewer than `besideNarrowest` columns are left there.
    @Test func notWhereTheRowLeavesNoRoomInHalfTheWidth() {
        let rewritten = "12345678901\r12345678901"
        var narrow = Self.painter(columns: 40)
        #expect(Self.around(&narrow, rewritten, at: 1_000) == rewritten, "13 + 8 > 20")
        var room = Self.painter(columns: 41)
        #expect(Self.around(&room, rewritten, at: 1_000) == rewritten
            + Self.beside("a", column: 11), "13 + 8 <= 21")
    }

    /// The erase is everything after the cursor: only while the cursor is at the end of the text.
    @Test func notWhereTheCursorIsBeforeTheEndOfTheText() {
        var painter = Self.painter()
        #expect(Self.around(&painter, "[1/3] abc\r[2/3]", at: 1_000) == "[1/3] abc\r[2/3]")
        #expect(Self.around(&painter, " def", at: 1_010).hasSuffix(Self.beside("a", column: 9)), "at the end again")
    }

    /// Text that reached a width the terminal had since the row began has wrapped there: the
    /// terminal may have rewrapped it since, so nothing goes beside it until the next row.
    @Test func notOnARowThatWrappedAtANarrowerWidth() {
        var painter = Self.painter(columns: 80)
        _ = painter.resized(columns: 20, nowMS: 1_000, view: TerminalView())
        _ = Self.around(&painter, "\r1234567890123456789012", at: 1_000)
        _ = painter.resized(columns: 80, nowMS: 1_010, view: TerminalView())
        #expect(Self.around(&painter, "\r\u{1B}[Kab", at: 1_020) == "\r\u{1B}[Kab")
        #expect(Self.around(&painter, "\r\n\rab\rcd", at: 1_030).hasSuffix(Self.beside("a", column: 2)), "a new row")
    }

    /// A resize erases the line where it was and draws it again for the new width. Narrower than
    /// the columns the line may reach, a terminal that reflows may have moved its end to the row
    /// below: everything after the cursor goes.
    @Test func aResizeErasesItBesideTheLine() {
        var painter = Self.painter()
        _ = Self.around(&painter, "[1/3] ab\r[2/3] cd", at: 1_000)
        #expect(Self.text(painter.resized(columns: 60, nowMS: 1_010, view: TerminalView()))
            == Self.besideErase + Self.beside("a"))
        #expect(Self.text(painter.resized(columns: 24, nowMS: 1_020, view: TerminalView())).hasPrefix("\u{1B}[J"))
    }

    /// A cursor the command saved (DECSC, SCOSC) would be overwritten by the line's own save, and
    /// a repeat (REP) would repeat the line's last character: once the command used either, the
    /// line stays off its rows.
    @Test func notOnceTheCommandReliesOnTheTerminalsMemory() {
        for used in ["\u{1B}7", "\u{1B}[s", "x\u{1B}[2b"] {
            var painter = Self.painter()
            _ = Self.around(&painter, used + "\r\n", at: 1_000)
            #expect(!Self.around(&painter, "[1/3] ab\r[2/3] cd", at: 1_200).contains(" w "), "\(used.debugDescription)")
        }
    }

    /// The command's own colours or a moved cursor keep it away, as they keep the line away.
    @Test func notWhereTheLineWouldBeKeptAwayAnyway() {
        for text in ["\u{1B}[1m[1/3] ab\r[2/3] cd", "[1/3] ab\r[2/3] cd\u{1B}[A", "[1/3] ab\r[2/3] cd\u{1B}[3",
                     "[1/3] ab\r[2/3] \u{1B}[32mcd\u{1B}[0m"] {
            var painter = Self.painter()
            #expect(!Self.around(&painter, text, at: 1_000).contains(" w "), "\(text.debugDescription)")
        }
    }
}
