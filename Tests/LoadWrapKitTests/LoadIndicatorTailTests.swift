import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit

/// Exact bytes of a `LoadIndicator` with a tail window: fed text held, its last lines drawn above
/// the line at the next frame, dropped by `stop()` and written in full by `stop(failed: true)`.
@Suite struct LoadIndicatorTailTests {
    let sink = LoadIndicatorOutput.Memory(columns: 80, rows: 24)
    let clock = ManualClock()

    /// A row of the block, or the spinner line, as drawn: autowrap off around it, the rest of its
    /// row erased, back at column 0.
    private static func row(_ text: String) -> String {
        "\r\u{1B}[?7l\(text)\u{1B}[K\u{1B}[?7h\r"
    }

    /// The window's rows: autowrap off once before them and back on after them.
    private static func rows(_ texts: String...) -> String {
        "\u{1B}[?7l" + texts.map { "\r\($0)\u{1B}[K\r" }.joined(separator: "\n") + "\u{1B}[?7h"
    }

    /// An indicator with a window of `lines`, started, its first frame taken.
    private func started(tail lines: Int = 3) -> LoadIndicator {
        let indicator = Fixture.indicator(tail: lines, sink: sink, clock: clock)
        indicator.start()
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
        return indicator
    }

    @Test func fedLinesShowAboveTheLineAtTheNextFrame() {
        let indicator = started()
        indicator.feed("one\ntwo\n")
        #expect(sink.take().isEmpty)  // held, and drawn at frames only
        clock.advance(by: 80)
        indicator.tick()
        // Room for two rows below (line feeds), back up, the rows, down to the line, back to the top.
        let expected = "\n\n\u{1B}[2A" + Self.rows("one", "two") + "\n"
            + Self.row("⠙ Build 0s") + "\u{1B}[2A"
        #expect(sink.take() == Fixture.bytes(expected))
        indicator.stop()
    }

    @Test func onlyRowsThatChangedAreSentAgain() {
        let indicator = started()
        indicator.feed("one\ntw")
        clock.advance(by: 80)
        indicator.tick()
        _ = sink.take()
        indicator.feed("o\n")
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take() == Fixture.bytes("\n" + Self.rows("two") + "\n" + Self.row("⠹ Build 0s") + "\u{1B}[2A"))
        indicator.stop()
    }

    @Test func theWindowKeepsItsLastLinesAndFitsTheScreen() {
        let short = LoadIndicatorOutput.Memory(columns: 80, rows: 5)
        let indicator = Fixture.indicator(tail: 6, sink: short, clock: clock)
        indicator.start()
        _ = short.take()
        indicator.feed("1\n2\n3\n4\n")
        clock.advance(by: 80)
        indicator.tick()
        // 5 rows: the block takes at most 3 (two rows and the line), the last two lines.
        let expected = "\n\n\u{1B}[2A" + Self.rows("3", "4") + "\n" + Self.row("⠙ Build 0s") + "\u{1B}[2A"
        #expect(short.take() == Fixture.bytes(expected))
        indicator.stop()
    }

    @Test func aRowShowsNoEscapeButColoursAndIsCutToHalfTheWidth() {
        let narrow = LoadIndicatorOutput.Memory(columns: 20, rows: 24)
        let indicator = Fixture.indicator(tail: 1, sink: narrow, clock: clock)
        indicator.start()
        _ = narrow.take()
        indicator.feed("\u{1B}[2J\u{1B}]0;title\u{07}\u{1B}[31mred\u{1B}[0m and a long tail\n")
        clock.advance(by: 80)
        indicator.tick()
        // Half of 20 columns for each: the row's colour written as a whole rendition, and closed.
        let row = Self.rows("\u{1B}[0;31mred\u{1B}[0m and a ")
        #expect(narrow.take() == Fixture.bytes("\n\u{1B}[1A" + row + "\n" + Self.row("⠙ Bui… 0s") + "\u{1B}[1A"))
        indicator.stop()
    }

    @Test func stopErasesTheBlockAndDropsWhatWasFed() {
        let indicator = started()
        indicator.feed("one\ntwo\n")
        clock.advance(by: 80)
        indicator.tick()
        _ = sink.take()
        indicator.stop()
        #expect(sink.take() == Fixture.erase(rowsBelow: 2))  // from the block's top row, each of its rows
    }

    @Test func aFailedStopErasesThenWritesEverythingFedInOrder() {
        let indicator = started(tail: 1)
        let fed = "\u{1B}[31mfirst\u{1B}[0m\nsecond\nthird, unfinished"
        indicator.feed(fed)
        clock.advance(by: 80)
        indicator.tick()
        _ = sink.take()
        indicator.stop(failed: true)
        #expect(sink.take() == Fixture.erase(rowsBelow: 1) + Fixture.bytes(fed))
    }

    @Test func aChunkMayEndInsideACharacterOrASequence() {
        let indicator = started(tail: 1)
        let bytes = Array("é \u{1B}[32mok\u{1B}[0m\n".utf8)
        indicator.feed(bytes: Array(bytes[..<1]))
        indicator.feed(bytes: Array(bytes[1..<5]))
        indicator.feed(bytes: Array(bytes[5...]))
        clock.advance(by: 80)
        indicator.tick()
        let row = Self.rows("é \u{1B}[0;32mok\u{1B}[0m")
        #expect(sink.take() == Fixture.bytes("\n\u{1B}[1A" + row + "\n" + Self.row("⠙ Build 0s") + "\u{1B}[1A"))
        indicator.stop(failed: true)
        #expect(sink.take() == Fixture.erase(rowsBelow: 1) + bytes)
    }

    @Test func printGoesAboveTheBlockWhichIsDrawnAgainWhole() {
        let indicator = started(tail: 1)
        indicator.feed("step\n")
        clock.advance(by: 80)
        indicator.tick()
        _ = sink.take()
        indicator.print("note")
        // The block erased from its top, the line, the block from nothing; not a new frame yet, so
        // the spinner line is the one last drawn.
        let expected = "\r\u{1B}[K\n\u{1B}[K\u{1B}[1A\u{1B}[?25hnote\n" + "\n\u{1B}[1A" + Self.rows("step") + "\n"
            + "\u{1B}[?25l" + Self.row("⠙ Build 0s") + "\u{1B}[1A"
        #expect(sink.take() == Fixture.bytes(expected))
        indicator.stop()
    }

    @Test func aRunThatThrowsWritesWhatWasFed() {
        struct Broke: Error {}
        let indicator = Fixture.indicator(tail: 2, sink: sink, clock: clock)
        #expect(throws: Broke.self) {
            try indicator.run {
                indicator.feed("compiling\nerror: no\n")
                throw Broke()
            }
        }
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s") + Fixture.erase + Fixture.bytes("compiling\nerror: no\n"))
    }

    @Test func anAsyncRunThatThrowsWritesWhatWasFed() async {
        struct Broke: Error {}
        let indicator = Fixture.indicator(tail: 2, sink: sink, clock: clock)
        await #expect(throws: Broke.self) {
            try await indicator.run {
                indicator.feed("fetching\n")
                await Task.yield()
                throw Broke()
            }
        }
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s") + Fixture.erase + Fixture.bytes("fetching\n"))
    }

    @Test func aRunThatReturnsLeavesNoTrace() {
        let indicator = Fixture.indicator(tail: 2, sink: sink, clock: clock)
        let value = indicator.run {
            indicator.feed("compiling\n")
            return 7
        }
        #expect(value == 7)
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s") + Fixture.erase)
    }

    @Test func withoutAWindowFedTextIsHeldAsQuietHoldsIt() {
        let indicator = started(tail: 0)
        indicator.feed("one\n")
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠙ Build 0s"))
        indicator.stop(failed: true)
        #expect(sink.take() == Fixture.erase + Fixture.bytes("one\n"))
    }

    @Test func aFailureWithinTheDelayWritesOnlyWhatWasFed() {
        let indicator = Fixture.indicator(delay: .milliseconds(500), tail: 2, sink: sink, clock: clock)
        indicator.start()
        indicator.feed("quick\n")
        indicator.stop(failed: true)
        #expect(sink.take() == Fixture.bytes("quick\n"))
    }

    @Test func whileStoppedOrNotOnATerminalFedTextIsWrittenAsIs() {
        let indicator = Fixture.indicator(tail: 2, sink: sink, clock: clock)
        indicator.feed("before\n")
        #expect(sink.take() == Fixture.bytes("before\n"))
        let file = LoadIndicatorOutput.Memory(isTerminal: false)
        let logged = Fixture.indicator(tail: 2, sink: file, clock: clock)
        logged.start()
        logged.feed("\u{1B}[31mred\u{1B}[0m\n")
        logged.stop(failed: true)
        #expect(file.take() == Fixture.bytes("\u{1B}[31mred\u{1B}[0m\n"))  // a log is the record
    }
}
