import Testing

@testable import LoadWrapCore

@Suite struct ElapsedFormatTests {
    @Test func secondsForTheSpinner() {
        #expect(ElapsedFormat.seconds(ms: 0) == "0s")
        #expect(ElapsedFormat.seconds(ms: 999) == "0s")
        #expect(ElapsedFormat.seconds(ms: 1_000) == "1s")
        #expect(ElapsedFormat.seconds(ms: 59_999) == "59s")
        #expect(ElapsedFormat.seconds(ms: 60_000) == "1m00s")
        #expect(ElapsedFormat.seconds(ms: 65_000) == "1m05s")
        #expect(ElapsedFormat.seconds(ms: 3_599_999) == "59m59s")
        #expect(ElapsedFormat.seconds(ms: 3_600_000) == "1h00m")
        #expect(ElapsedFormat.seconds(ms: 3_720_000) == "1h02m")
        #expect(ElapsedFormat.seconds(ms: 100 * 3_600_000) == "100h00m")
        #expect(ElapsedFormat.seconds(ms: -5) == "0s")
    }

    @Test(arguments: [
        (0, "0.0s"), (99, "0.0s"), (100, "0.1s"), (12_400, "12.4s"), (12_499, "12.4s"), (59_999, "59.9s"),
        (60_000, "1m00s"), (65_000, "1m05s"), (300_000, "5m00s"), (3_599_999, "59m59s"),
        (3_600_000, "1h00m"), (3_720_000, "1h02m"), (36_000_000, "10h00m"), (90_000_000, "25h00m"),
        (-5, "0.0s"),
    ])
    func tenthsForTheReport(ms: Int, text: String) {
        #expect(ElapsedFormat.tenths(ms: ms) == text)
    }
}
