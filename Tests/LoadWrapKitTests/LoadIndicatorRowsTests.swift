import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit

/// Exact bytes of a `LoadIndicator` running several pieces of work at once: a row each under the
/// line, drawn as soon as it comes or goes, capped at a third of the screen, and erased with the line.
@Suite struct LoadIndicatorRowsTests {
    let sink = LoadIndicatorOutput.Memory(columns: 80, rows: 24)
    let clock = ManualClock()

    /// A row drawn alone: autowrap off before it and back on after it.
    private static func row(_ text: String) -> String {
        "\u{1B}[?7l" + rowText(text) + "\u{1B}[?7h"
    }

    /// A row's own bytes, among others drawn with autowrap off.
    private static func rowText(_ text: String) -> String {
        "\r  \(text)\u{1B}[K\r"
    }

    private func started() -> LoadIndicator {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
        return indicator
    }

    @Test func aRowShowsUnderTheLineAtOnceAndGoesWithItsWork() {
        let indicator = started()
        clock.advance(by: 1_000)
        let row = indicator.addRow("compile")
        #expect(sink.take() == Fixture.bytes("\n\u{1B}[1A" + Fixture.redrawText("⠹ Build 1s") + "\n" + Self.row("⠋ compile 0s") + "\u{1B}[1A"))
        clock.advance(by: 2_000)
        row.setProgress(LoadProgress(percent: 50))
        let redrawn = String(decoding: sink.take(), as: UTF8.self)
        #expect(redrawn.hasSuffix(" 50% · 2s\u{1B}[K\r\u{1B}[?7h\u{1B}[1A"), "\(redrawn.debugDescription)")
        row.remove()
        #expect(sink.take() == Fixture.erase(rowsBelow: 1) + Fixture.firstDraw("⠧ Build 3s"))
        row.remove()
        #expect(sink.take().isEmpty)
        indicator.stop()
        #expect(sink.take() == Fixture.erase)
    }

    @Test func rowsRunTheirBodyAndGoEvenWhenItThrows() {
        struct Failure: Error {}
        let indicator = started()
        #expect(throws: Failure.self) {
            try indicator.row("lint") { _ in
                #expect(String(decoding: sink.take(), as: UTF8.self).contains("⠋ lint 0s"))
                throw Failure()
            }
        }
        #expect(sink.take() == Fixture.erase(rowsBelow: 1) + Fixture.firstDraw("⠋ Build 0s"))
        indicator.stop()
    }

    @Test func manyRowsTakeAThirdOfTheScreenAndTitlesAreSanitised() {
        let short = LoadIndicatorOutput.Memory(columns: 80, rows: 9)
        let indicator = Fixture.indicator(sink: short, clock: clock)
        indicator.start()
        let rows = (1...5).map { indicator.addRow("job\u{1B}[31m \($0)") }
        let last = String(decoding: short.take(), as: UTF8.self)
        // Nine rows: the line and two rows, the second saying how many more; the first row, the same
        // since the third was added, is not sent again.
        #expect(last.contains(Self.rowText("⠋ job 1 0s")) && !last.contains("\u{1B}[31m"), "\(last.debugDescription)")
        #expect(last.hasSuffix(Fixture.redrawText("⠋ Build 0s") + "\n\n" + Self.row("+4 more") + "\u{1B}[2A"), "\(last.debugDescription)")
        rows.forEach { $0.remove() }
        indicator.stop()
    }

    @Test func rowsAddedWhileStoppedShowOnceStarted() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        let row = indicator.addRow("fetch")
        #expect(sink.take().isEmpty)
        indicator.start()
        #expect(sink.take() == Fixture.bytes("\n\u{1B}[1A\u{1B}[?25l" + Fixture.redrawText("⠋ Build 0s") + "\n" + Self.row("⠋ fetch 0s") + "\u{1B}[1A"))
        row.remove()
        indicator.stop()
    }
}
