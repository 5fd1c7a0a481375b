import Testing

@testable import LoadWrapCore

/// The rows of commands running side by side: exact bytes on a fake clock, the cap at a third of
/// the screen with its `+N more` row, and the line and rows drawn and erased as one block.
@Suite struct SiblingRowsTests {
    private static let look = Overlay.Look(
        style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)
    private static func text(_ rows: [[UInt8]]) -> [String] { rows.map { String(decoding: $0, as: UTF8.self) } }
    /// Rows as drawn under the line, indented: autowrap off once before them, back on after.
    private static func rows(_ texts: String...) -> String {
        "\u{1B}[?7l" + texts.map { "\r  " + $0 + "\u{1B}[K\r" }.joined(separator: "\n") + "\u{1B}[?7h"
    }
    private static func siblings(_ count: Int) -> [SiblingRow] {
        (1...count).map { SiblingRow(id: Int32($0), title: "step \($0)") }
    }

    @Test func eachRowHasItsFrameTitleAndTimeSinceItWasFirstSeen() {
        var rows = SiblingRows(screenRows: 24)
        rows.update(Self.siblings(1), nowMS: 1_000)
        rows.update(Self.siblings(2), nowMS: 2_100)
        #expect(Self.text(rows.rendered(look: Self.look, columns: 80, nowMS: 3_150, advancing: true))
            == ["  b step 1 2s", "  a step 2 1s"])
        // Put back between frames: as last drawn, whatever the time now.
        #expect(Self.text(rows.rendered(look: Self.look, columns: 80, nowMS: 9_000, advancing: false))
            == ["  b step 1 2s", "  a step 2 1s"])
    }

    @Test func progressShowsAsOnTheLine() {
        var rows = SiblingRows(screenRows: 24)
        rows.update([SiblingRow(id: 1, title: "up", progress: LoadProgress(percent: 50))], nowMS: 0)
        let row = Self.text(rows.rendered(look: Self.look, columns: 80, nowMS: 0, advancing: true))[0]
        #expect(row.hasPrefix("  a up ") && row.hasSuffix(" 50% · 0s"))
    }

    @Test func lineAndRowsTakeAtMostAThirdOfTheScreenTheLastSayingHowManyMore() {
        var rows = SiblingRows(screenRows: 24)
        rows.update(Self.siblings(40), nowMS: 0)
        let drawn = Self.text(rows.rendered(look: Self.look, columns: 80, nowMS: 0, advancing: true))
        #expect(drawn.count == 7)
        #expect(drawn.last == "  +34 more")
        rows.update(Self.siblings(7), nowMS: 0)
        #expect(Self.text(rows.rendered(look: Self.look, columns: 80, nowMS: 0, advancing: true)).last == "  a step 7 0s")
        rows.screenRows = 5
        #expect(rows.rendered(look: Self.look, columns: 80, nowMS: 0, advancing: true).isEmpty)
    }

    @Test func rowsKeepToTheColumnsOfTheLine() {
        var rows = SiblingRows(screenRows: 24)
        rows.update([SiblingRow(id: 1, title: String(repeating: "x", count: 100))], nowMS: 0)
        let row = Self.text(rows.rendered(look: Self.look, columns: 40, nowMS: 0, advancing: true))[0]
        #expect(DisplayWidth.of(row) <= Overlay.drawnColumns(40) - 1)
        #expect(rows.rendered(look: Self.look, columns: 17, nowMS: 0, advancing: true).isEmpty)
    }

    @Test func thePainterDrawsTheLineThenTheRowsAndItsEraseTakesThemAll() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 0, columns: 80))
        painter.setSiblings(Self.siblings(2), nowMS: 1_000)
        let frame = String(decoding: painter.frame(nowMS: 1_000, view: TerminalView()), as: UTF8.self)
        let line = "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r"
        #expect(frame == "\n\n\u{1B}[2A\u{1B}[?25l" + line + "\n" + Self.rows("a step 1 0s", "a step 2 0s") + "\u{1B}[2A")
        // Each row the block drew, and no row under it.
        #expect(String(decoding: painter.end(), as: UTF8.self) == "\r\u{1B}[K\n\u{1B}[K\n\u{1B}[K\u{1B}[2A\u{1B}[?25h")
    }

    /// A window that got shorter may have dropped the rows under the cursor (tmux drops those
    /// first): line feeds down to them would scroll, so the erase takes everything below instead.
    @Test func aShorterWindowErasesEverythingUnderTheLine() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 0, columns: 80))
        painter.setSiblings(Self.siblings(2), nowMS: 1_000)
        _ = painter.frame(nowMS: 1_000, view: TerminalView())
        let resized = String(decoding: painter.resized(columns: 80, rows: 20, nowMS: 1_010, view: TerminalView()), as: UTF8.self)
        #expect(resized.hasPrefix("\r\u{1B}[K\u{1B}[C\u{1B}[J\r\u{1B}[?25h"))
        #expect(String(decoding: painter.end(), as: UTF8.self).hasPrefix("\r\u{1B}[K\n"), "drawn anew: row by row again")
    }

    @Test func aRowThatGoesIsErasedWithTheBlockBeforeTheRestIsDrawn() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 0, columns: 80))
        painter.setSiblings(Self.siblings(3), nowMS: 1_000)
        _ = painter.frame(nowMS: 1_000, view: TerminalView())
        painter.setSiblings([], nowMS: 1_050)
        let frame = String(decoding: painter.frame(nowMS: 1_050, view: TerminalView()), as: UTF8.self)
        #expect(frame == "\r\u{1B}[K" + String(repeating: "\n\u{1B}[K", count: 3) + "\u{1B}[3A\u{1B}[?25h\u{1B}[?25l\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r")
    }

    @Test func underATailsWindowTheRowsTakeWhatRoomTheWindowLeaves() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 0, columns: 80),
                              tail: Tail(capacity: 3, screenRows: 9), screenRows: 9)
        Array("l1\nl2\nl3\n".utf8).withUnsafeBytes { _ = painter.hold($0) }
        painter.setSiblings(Self.siblings(3), nowMS: 1_000)
        let frame = String(decoding: painter.frame(nowMS: 1_000, view: TerminalView()), as: UTF8.self)
        // Nine rows: the block keeps to seven; three for the window and one for the line leave three,
        // but a third of nine is the line and two rows: one row and `+2 more`.
        #expect(frame.hasPrefix("\n\n\n\n\n\u{1B}[5A"), "\(frame.debugDescription)")
        #expect(frame.hasSuffix("a w 0s\u{1B}[K\u{1B}[?7h\r\n" + Self.rows("a step 1 0s", "+2 more") + "\u{1B}[5A"),
                "\(frame.debugDescription)")
    }
}
