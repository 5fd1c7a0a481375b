import Testing

@testable import LoadWrapCore

/// How far down the bare output would have taken the cursor: the bound on the `--tail` block.
@Suite struct TailReachTests {
    private static func deepest(_ chunks: String..., screenRows: Int = 24) -> Int {
        var reach = TailReach(enough: 100)
        for chunk in chunks { Array(chunk.utf8).withUnsafeBytes { reach.feed($0, screenRows: screenRows) } }
        return reach.deepest
    }

    @Test func lineFeedsGoDown() {
        #expect(Self.deepest("a\nb\n", "c\u{0B}d\u{0C}") == 4)
        #expect(Self.deepest("a\u{1B}Db\u{1B}E") == 2)
    }

    @Test func aStatusRedrawnInPlaceNeedsItsOwnRowsOnly() {
        let redraw = "\u{1B}[3A" + "x\ny\nz\n"
        #expect(Self.deepest("x\ny\nz\n", redraw, redraw, redraw) == 3)
        #expect(Self.deepest("x\ny\nz\n", "\u{1B}[2F\u{1B}Mz\n") == 3)
    }

    @Test func savedAndAbsoluteRowsCountFromTheLowestPossibleStart() {
        #expect(Self.deepest("\u{1B}7a\nb\nc\n\u{1B}8", "d\n") == 3)
        #expect(Self.deepest("\u{1B}[s\n\n\u{1B}[u\n") == 2)
        // Row 20 of 24 is at best 4 rows above a start on the last row: 4 line feeds to reach it.
        #expect(Self.deepest("\u{1B}[20;1H\n\n\n\n\n") == 1)
        #expect(Self.deepest("\u{1B}[20d\n\n\n") == 0)
    }

    /// A restore of no saved cursor goes to the terminal's slot, which holds the home position on a
    /// fresh terminal: the top, as far as the count knows (screen-fuzz `--tail` seed 18).
    @Test func aRestoreOfNothingSavedGoesToTheTop() {
        #expect(Self.deepest("a\nb\n\u{1B}8", "\n\n\n") == 2)
        #expect(Self.deepest("\u{1B}[u\n\n", screenRows: 3) == 0)
    }

    @Test func movesDownThatNeverScrollAreNotCounted() {
        #expect(Self.deepest("\u{1B}[5B\u{1B}[2E\u{1B}[3e") == 0)
    }

    @Test func followingStopsOnceItIsEnough() {
        var reach = TailReach(enough: 2)
        Array("\n\n\n\n\u{1B}[9A".utf8).withUnsafeBytes { reach.feed($0, screenRows: 24) }
        #expect(reach.deepest == 2)
    }
}
