import Testing

import LoadWrapTestSupport
@testable import LoadWrapKit

@Suite struct ClockTimeSourceTests {
    @Test func countsMillisecondsFromItsCreation() {
        let clock = ManualClock(startMS: 5_000)
        let source = ClockTimeSource(clock)
        #expect(source.nowMS() == 0)
        clock.advance(by: 80)
        #expect(source.nowMS() == 80)
        clock.advance(by: 3_600_000)
        #expect(source.nowMS() == 3_600_080)
    }

    @Test func readsARealClock() {
        let source = ClockTimeSource(ContinuousClock())
        let first = source.nowMS()
        #expect(first >= 0 && first < 1_000)
        #expect(source.nowMS() >= first)
    }
}
