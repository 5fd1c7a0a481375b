import Testing
@testable import LoadWrapCore

/// Feeds `percent` values one per `stepMS`, starting at 0 ms.
private func estimate(_ percents: [Double], stepMS: Int) -> ProgressEstimate {
    var estimate = ProgressEstimate()
    for (index, percent) in percents.enumerated() {
        estimate.update(LoadProgress(percent: percent), nowMS: index * stepMS)
    }
    return estimate
}

@Test func steadyRateGivesTheRemainingTime() {
    // 10 % a second for 4 s: 60 % left is 6 s.
    let steady = estimate([0, 10, 20, 30, 40], stepMS: 1_000)
    let remaining = steady.remainingMS(nowMS: 4_000)
    #expect(remaining.map { abs($0 - 6_000) < 10 } == true, "\(String(describing: remaining))")
    // Time since the last update counts down.
    #expect(steady.remainingMS(nowMS: 5_000).map { abs($0 - 5_000) < 10 } == true)
}

@Test func noEstimateTooEarly() {
    #expect(estimate([0, 10], stepMS: 1_000).remainingMS(nowMS: 1_000) == nil, "two updates")
    #expect(estimate([0, 10, 20, 30, 40], stepMS: 500).remainingMS(nowMS: 2_000) == nil, "two seconds")
}

@Test func noEstimateWithoutMovementOrNearTheEnd() {
    #expect(estimate([5, 5, 5, 5, 5], stepMS: 1_000).remainingMS(nowMS: 4_000) == nil)
    #expect(estimate([60, 70, 80, 90, 99.99], stepMS: 1_000).remainingMS(nowMS: 4_000) == nil)
}

@Test func goingBackwardsStartsOver() {
    var restarted = estimate([0, 20, 40, 60, 80], stepMS: 1_000)
    restarted.update(LoadProgress(percent: 10), nowMS: 5_000)
    #expect(restarted.progress == LoadProgress(percent: 10))
    #expect(restarted.remainingMS(nowMS: 5_000) == nil)
}

@Test func clearingForgetsTheValue() {
    var cleared = estimate([0, 20, 40, 60], stepMS: 1_000)
    cleared.update(nil, nowMS: 4_000)
    #expect(cleared.progress == nil)
    #expect(cleared.remainingMS(nowMS: 4_000) == nil)
}

@Test func burstsWithinASampleAreFolded() {
    // Many updates within the same millisecond do not divide by zero or spike the rate.
    var burst = ProgressEstimate()
    for step in 0...40 { burst.update(LoadProgress(percent: Double(step)), nowMS: step / 10 * 1_000) }
    let remaining = burst.remainingMS(nowMS: 4_000)
    // 10 % a second: 60 % left is 6 s.
    #expect(remaining.map { abs($0 - 6_000) < 10 } == true, "\(String(describing: remaining))")
}
