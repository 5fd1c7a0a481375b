import Testing
@testable import LoadWrapCore

/// The erase touches the rows loadwrap drew and no other, unless a resize may have moved them.
@Suite struct FootprintTests {
    /// A line drawn at column 0 of an 80-column terminal, in its 40 columns, with `rowsBelow`.
    private static func line(rowsBelow: Int = 0) -> Footprint {
        Footprint(placement: .line, reach: 40, rowsBelow: rowsBelow)
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// VTE keeps every row an erase touched, and pushes them all into the scrollback on a clear:
    /// a one-row line is erased with its row alone.
    @Test func aLineAloneIsErasedWithItsRow() {
        #expect(Self.text(Self.line().erase(columns: 80)) == "\r\u{1B}[K")
        #expect(Self.text(Self.line().erase(columns: 40)) == "\r\u{1B}[K", "as wide as the line may reach: not rewrapped")
    }

    /// A block's rows are each erased whole, down by line feeds as the block was drawn, then the
    /// cursor goes back to its top row; the rows under the block stay untouched.
    @Test func aBlockIsErasedRowByRow() {
        #expect(Self.text(Self.line(rowsBelow: 2).erase(columns: 80)) == "\r\u{1B}[K\n\u{1B}[K\n\u{1B}[K\u{1B}[2A")
    }

    /// Narrower than the line may reach, a terminal that reflows may have rewrapped it onto rows
    /// under the cursor: the row and everything below, from one step right.
    @Test func aNarrowedWindowErasesEverythingBelow() {
        #expect(Self.text(Self.line().erase(columns: 39)) == "\r\u{1B}[K\u{1B}[C\u{1B}[J\r")
        #expect(Self.text(Self.line(rowsBelow: 3).erase(columns: 20)) == "\r\u{1B}[K\u{1B}[C\u{1B}[J\r")
    }

    /// A window that got shorter may have dropped the block's lower rows: line feeds to reach them
    /// would scroll the screen, so everything below goes instead.
    @Test func aMovedBlockErasesEverythingBelow() {
        var footprint = Self.line(rowsBelow: 2)
        footprint.moved = true
        #expect(Self.text(footprint.erase(columns: 80)) == "\r\u{1B}[K\u{1B}[C\u{1B}[J\r")
    }

    /// Beside a line the command rewrites, the cursor is at the end of its text: the rest of the
    /// row, or, after a narrowing, everything after the cursor.
    @Test func besideALineTheRestOfTheRowGoes() {
        let beside = Footprint(placement: .beside(column: 8, gap: 2, columns: 30), reach: 40)
        #expect(Self.text(beside.erase(columns: 80)) == "\u{1B}[K")
        #expect(Self.text(beside.erase(columns: 30)) == "\u{1B}[J")
    }

    /// After a key's echo the cursor is at column 0 or past the echo: alone, the rest of the row;
    /// with rows below, whose erase could not put that column back, everything below.
    @Test func afterAnEchoTheEchoStays() {
        #expect(Self.text(Self.line().eraseAfterEcho(columns: 80)) == "\u{1B}[K")
        #expect(Self.text(Self.line(rowsBelow: 1).eraseAfterEcho(columns: 80)) == "\u{1B}[K\u{1B}[C\u{1B}[J\u{1B}[D")
    }
}
