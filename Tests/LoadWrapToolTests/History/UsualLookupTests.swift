import LoadWrapTestSupport
import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapTool

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
        // A loaded machine may not run the read within the first frame's short wait: later
        // frames look again.
        if figure == nil { _ = Poll.until { figure = lookup.take(nowMS: 1_101); return figure != nil } }
        #expect(figure == 65_000)
        #expect(lookup.take(nowMS: 2_000) == nil)
        #expect(reads.count == 1)
    }

    /// A read that finds nothing gives no figure, at the first frame or any later one. Its answer
    /// announces itself nowhere (nil is also what a read still running gives), so the test asks
    /// until the lookup holds no read any more: only then has it seen the answer.
    @Test func noFigureWhenThereIsNone() {
        let reads = Reads()
        let lookup = UsualLookup(fromMS: 0) { reads.count += 1; return nil }
        var figures = [lookup.take(nowMS: 0)]
        let collected = Poll.until {
            figures.append(lookup.take(nowMS: 1))
            return Self.holdsNoRead(lookup)
        }
        #expect(collected, "the lookup never took the read's answer")
        #expect(figures.allSatisfy { $0 == nil }, "\(figures)")
        #expect(lookup.take(nowMS: 2) == nil)
        #expect(reads.count == 1)
    }

    /// Whether `lookup`'s private `work` (the read in progress) is nil, seen through a mirror:
    /// the type offers no way to ask. False when there is no such property, so a rename fails
    /// the test instead of letting it pass unchecked.
    private static func holdsNoRead(_ lookup: UsualLookup) -> Bool {
        guard let work = Mirror(reflecting: lookup).children.first(where: { $0.label == "work" })?.value else { return false }
        let optional = Mirror(reflecting: work)
        return optional.displayStyle == .optional && optional.children.isEmpty
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
