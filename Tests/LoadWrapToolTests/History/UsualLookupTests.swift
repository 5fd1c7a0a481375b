import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The read at the first frame, and the figure it gives the painter.
@Suite struct UsualLookupTests {
    /// Counts the reads it was asked for.
    private final class Reads: @unchecked Sendable {
        var count = 0
    }

    @Test func readsNothingBeforeTheFirstFrameThenHandsTheFigureOverOnce() {
        let reads = Reads()
        let lookup = UsualLookup(fromMS: 1_100) { reads.count += 1; return 65_000 }
        #expect(lookup.take(nowMS: 1_000) == nil)
        #expect(lookup.take(nowMS: 1_099) == nil)
        #expect(reads.count == 0)
        var figure = lookup.take(nowMS: 1_100)
        for now in 1_101..<1_200 where figure == nil {
            usleep(10_000)  // a loaded machine may not run the thread within the first frame's wait
            figure = lookup.take(nowMS: now)
        }
        #expect(figure == 65_000)
        #expect(lookup.take(nowMS: 2_000) == nil)
        #expect(reads.count == 1)
    }

    @Test func noFigureWhenThereIsNone() {
        let lookup = UsualLookup(fromMS: 0) { nil }
        #expect(lookup.take(nowMS: 0) == nil)
        usleep(50_000)
        #expect(lookup.take(nowMS: 1) == nil)
    }

    /// The painter shows the figure from its next frame: `usually` beside the elapsed time.
    @Test func painterShowsTheFigure() {
        let look = Overlay.Look(style: SpinnerStyle(name: "t", frames: ["a"], intervalMS: 100), color: false, utf8: true)
        var painter = Painter(overlay: Overlay(look: look, title: "make", startMS: 0, delayMS: 0, columns: 80))
        painter.setUsual(ms: 65_000)
        let frame = String(decoding: painter.frame(nowMS: 42_000, view: TerminalView()), as: UTF8.self)
        #expect(frame.contains("a make 42s · usually 1m05s"), "\(frame.debugDescription)")
    }
}
