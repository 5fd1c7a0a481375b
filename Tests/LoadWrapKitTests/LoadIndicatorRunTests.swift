import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `run` starts, runs, and stops whatever the body does.
@Suite struct LoadIndicatorRunTests {
    /// The error the throwing bodies throw.
    struct Failure: Error, Equatable {}

    let sink = LoadIndicatorOutput.Memory(columns: 80)
    let clock = ManualClock()

    @Test func runReturnsTheBodysValueAndLeavesNoTrace() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        let value = indicator.run { () -> Int in
            #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
            return 42
        }
        #expect(value == 42)
        #expect(sink.take() == Fixture.erase)
    }

    @Test func runStopsWhenTheBodyThrows() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        #expect(throws: Failure()) {
            try indicator.run { () throws -> Int in throw Failure() }
        }
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s") + Fixture.erase)
        indicator.start()  // stopped, so it starts again
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
        indicator.stop()
    }

    @Test func asyncRunReturnsTheBodysValue() async {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        let value = await indicator.run { () async -> String in
            await Task.yield()
            return "done"
        }
        #expect(value == "done")
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s") + Fixture.erase)
    }

    @Test func asyncRunStopsWhenTheBodyThrows() async {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        await #expect(throws: Failure()) {
            try await indicator.run { () async throws -> Int in
                await Task.yield()
                throw Failure()
            }
        }
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s") + Fixture.erase)
    }

    @Test func publicInitialiserDrawsNothing() {
        let indicator = LoadIndicator(title: "t", output: .memory(sink))
        #expect(sink.bytes.isEmpty)
        _ = indicator
    }

    @Test func realTimerAnimatesWithoutTicks() {
        // The system clock and the indicator's own timer.
        let indicator = LoadIndicator(
            .init(title: "t", style: .line, delay: .zero), output: .memory(sink), clock: ContinuousClock(),
            environment: Fixture.plainUTF8, animates: true)
        indicator.start()
        // Wait for the second frame, not for a fixed time: a memory sink announces nothing.
        let secondFrame = "\r\u{1B}[?7l\\ t "
        #expect(Poll.until(every: 0.002) { sink.text.contains(secondFrame) }, "no second frame: \(sink.text.debugDescription)")
        indicator.stop()
        #expect(sink.text.hasPrefix("\u{1B}[?25l\r\u{1B}[?7l- t 0s\u{1B}[K"))
        #expect(sink.text.hasSuffix("\r\u{1B}[K\u{1B}[?25h"))
    }
}
