import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit

/// A value shared with a condition; every read happens inside the indicator's `queue.sync`, after
/// the test thread's write, so the queue orders them.
private final class Box<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// `stop(when:)`: the caller's condition ends the spinner at the first frame where it holds.
@Suite struct LoadIndicatorStopConditionTests {
    let sink = LoadIndicatorOutput.Memory(columns: 80)
    let clock = ManualClock()

    @Test func stopsAtTheFirstFrameWhereTheConditionHolds() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        let arrived = Box(false)
        indicator.start()
        indicator.stop(when: { arrived.value })
        _ = sink.take()
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠙ Build 0s"))  // not yet: still animating
        arrived.value = true
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take() == Fixture.erase)  // erased instead of the next frame
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take().isEmpty)
    }

    @Test func aConditionThatAlreadyHoldsStopsAtOnce() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        indicator.stop(when: { true })
        #expect(sink.take() == Fixture.erase)
    }

    @Test func stopClearsTheCondition() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        let calls = Box(0)
        indicator.start()
        indicator.stop(when: { calls.value += 1; return false })
        indicator.stop()
        indicator.start()
        _ = sink.take()
        clock.advance(by: 80)
        indicator.tick()
        #expect(calls.value == 1)  // checked once when set, never after stop
        #expect(sink.take() == Fixture.redraw("⠙ Build 0s"))
        indicator.stop()
    }
}
