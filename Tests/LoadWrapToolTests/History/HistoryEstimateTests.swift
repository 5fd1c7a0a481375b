import Testing

@testable import LoadWrapTool

@Suite struct HistoryEstimateTests {
    private func runs(_ spec: [(Int, Bool)]) -> [HistoryRecord] {
        spec.enumerated().map { index, run in
            HistoryRecord(key: HistoryKey(value: 1), elapsedMS: run.0, succeeded: run.1, unixTime: index)
        }
    }

    @Test func needsTwoSuccesses() {
        #expect(HistoryEstimate.usualMS([]) == nil)
        #expect(HistoryEstimate.usualMS(runs([(1000, true)])) == nil)
        #expect(HistoryEstimate.usualMS(runs([(1000, true), (500, false), (700, false)])) == nil)
        #expect(HistoryEstimate.usualMS(runs([(1000, true), (2000, true)])) == 1500)
    }

    @Test func isTheMedianOfTheSuccesses() {
        #expect(HistoryEstimate.usualMS(runs([(65_000, true), (1000, false), (64_000, true), (300_000, true)])) == 65_000)
        #expect(HistoryEstimate.usualMS(runs([(10, true), (20, true), (30, true), (1000, true)])) == 25)
    }

    /// Only the recent successes count: a build that got faster is followed within a few runs.
    @Test func followsRecentRuns() {
        let slow = Array(repeating: (60_000, true), count: 10)
        let fast = Array(repeating: (20_000, true), count: 5)
        #expect(HistoryEstimate.usualMS(runs(slow + fast)) == 20_000)
    }
}
