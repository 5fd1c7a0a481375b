import Testing

@testable import LoadWrapCore

/// The block of window rows and spinner line: exact bytes for a first draw, a redraw of only
/// what changed, growth below, and the layout rules of a small screen.
@Suite struct TailBlockTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private static let spinner = bytes("\rS\r")
    /// Rows drawn one under the other: autowrap off once before them and back on after them.
    private static func rows(_ texts: String...) -> String {
        "\u{1B}[?7l" + texts.map { "\r" + $0 + "\u{1B}[K\r" }.joined(separator: "\n") + "\u{1B}[?7h"
    }

    @Test func aFirstDrawMakesRoomThenWritesEachRowAndTheSpinnerAndEndsAtTheTop() {
        var block = TailBlock()
        let drawn = block.draw(rows: [Self.bytes("a"), Self.bytes("b")], spinner: Self.spinner)
        #expect(Self.text(drawn) == "\n\n\u{1B}[2A" + Self.rows("a", "b") + "\n\rS\r\u{1B}[2A")
        #expect(block.visible && block.rowCount == 2)
    }

    @Test func aRedrawSendsOnlyTheRowsThatChanged() {
        var block = TailBlock()
        _ = block.draw(rows: [Self.bytes("a"), Self.bytes("b")], spinner: Self.spinner)
        #expect(Self.text(block.draw(rows: [Self.bytes("a"), Self.bytes("b")], spinner: Self.spinner)) == "\n\n\rS\r\u{1B}[2A")
        #expect(Self.text(block.draw(rows: [Self.bytes("a"), Self.bytes("c")], spinner: Self.spinner))
            == "\n" + Self.rows("c") + "\n\rS\r\u{1B}[2A")
    }

    @Test func aGrowingBlockAddsItsRowBelowTheSpinnerLine() {
        var block = TailBlock()
        _ = block.draw(rows: [Self.bytes("a")], spinner: Self.spinner)
        #expect(Self.text(block.draw(rows: [Self.bytes("a"), Self.bytes("b")], spinner: Self.spinner))
            == "\n\n\u{1B}[2A\n" + Self.rows("b") + "\n\rS\r\u{1B}[2A")
    }

    @Test func theSpinnerAloneIsTheSpinnersBytes() {
        var block = TailBlock()
        #expect(block.draw(rows: [], spinner: Self.spinner) == Self.spinner)
    }

    @Test func afterAnEraseTheNextDrawStartsFromNothing() {
        var block = TailBlock()
        _ = block.draw(rows: [Self.bytes("a"), Self.bytes("b")], spinner: Self.spinner)
        block.erased()
        #expect(!block.visible)
        #expect(Self.text(block.draw(rows: [Self.bytes("a")], spinner: Self.spinner)) == "\n\u{1B}[1A" + Self.rows("a") + "\n\rS\r\u{1B}[1A")
    }

    @Test func theBlockLeavesTwoRowsOfTheScreenDownToTheSpinnerAlone() {
        #expect(TailBlock.rowLimit(capacity: 6, screenRows: 24) == 6)
        #expect(TailBlock.rowLimit(capacity: 6, screenRows: 8) == 5)
        #expect(TailBlock.rowLimit(capacity: 6, screenRows: 4) == 1)
        #expect(TailBlock.rowLimit(capacity: 6, screenRows: 3) == 0)
        #expect(TailBlock.rowLimit(capacity: 6, screenRows: 1) == 0)
    }
}

/// Rows under the spinner line (commands running side by side): room below, the line on top, and
/// only changed rows sent again.
@Suite struct TailBlockBelowTests {
    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
    private static let spinner = bytes("\rS\r")
    /// Rows drawn one under the other: autowrap off once before them and back on after them.
    private static func rows(_ texts: String...) -> String {
        "\u{1B}[?7l" + texts.map { "\r" + $0 + "\u{1B}[K\r" }.joined(separator: "\n") + "\u{1B}[?7h"
    }

    @Test func rowsUnderTheLineGoBelowItAndTheCursorEndsOnTheLine() {
        var block = TailBlock()
        let drawn = block.draw(rows: [], spinner: Self.spinner, below: [Self.bytes("x"), Self.bytes("y")])
        #expect(Self.text(drawn) == "\n\n\u{1B}[2A\rS\r\n" + Self.rows("x", "y") + "\u{1B}[2A")
        #expect(block.belowCount == 2)
        #expect(Self.text(block.draw(rows: [], spinner: Self.spinner, below: [Self.bytes("x"), Self.bytes("z")]))
            == "\rS\r\n\n" + Self.rows("z") + "\u{1B}[2A")
    }

    @Test func aCommandThatSwitchedAutowrapOffKeepsItOff() {
        var block = TailBlock()
        let drawn = block.draw(rows: [], spinner: Self.spinner, below: [Self.bytes("x")], commandDisabledAutowrap: true)
        #expect(Self.text(drawn) == "\n\u{1B}[1A\rS\r\n\rx\u{1B}[K\r\u{1B}[1A")
    }

    @Test func aRowAddedAboveRedrawsTheRowsUnderTheLine() {
        var block = TailBlock()
        _ = block.draw(rows: [], spinner: Self.spinner, below: [Self.bytes("x")])
        #expect(Self.text(block.draw(rows: [Self.bytes("a")], spinner: Self.spinner, below: [Self.bytes("x")]))
            == "\n\n\u{1B}[2A" + Self.rows("a") + "\n\rS\r\n" + Self.rows("x") + "\u{1B}[2A")
    }
}
