import Testing

@testable import LoadWrapCore

@Suite struct DurationMillisecondsTests {
    @Test func truncatesTowardZero() {
        #expect(Duration.zero.wholeMilliseconds == 0)
        #expect(Duration.milliseconds(1_500).wholeMilliseconds == 1_500)
        #expect(Duration.seconds(2).wholeMilliseconds == 2_000)
        #expect(Duration.microseconds(1_999).wholeMilliseconds == 1)
        #expect(Duration.milliseconds(-1_500).wholeMilliseconds == -1_500)
        #expect(Duration.nanoseconds(-1).wholeMilliseconds == 0)
    }

    @Test func clampsWhatIntCannotHold() {
        #expect(Duration.seconds(Int64.max).wholeMilliseconds == .max)
        #expect(Duration.seconds(Int64.min).wholeMilliseconds == .min)
    }
}
