import Testing
@testable import LoadWrapCore

@Test func figuresForEachKind() {
    #expect(LoadProgress(percent: 52.7).figures == "52%")
    #expect(LoadProgress(percent: 100).figures == "100%")
    #expect(LoadProgress(fraction: 0.4).figures == "40%")
    #expect(LoadProgress(done: 3, total: 10)!.figures == "3/10")
    #expect(LoadProgress(done: 2.5, total: 10)!.figures == "2.5/10")
    #expect(LoadProgress(done: 120, total: 500, unit: .bytes)!.figures == "120/500 B")
    #expect(LoadProgress(done: 1_200, total: 5_000, unit: .bytes)!.figures == "1.1/4.8 KiB")
    #expect(LoadProgress(done: 3 * 1_048_576, total: 10 * 1_073_741_824, unit: .bytes)!.figures == "0.0/10.0 GiB")
}

@Test func fractionIsClampedForDrawingOnly() {
    let over = LoadProgress(done: 12, total: 10)!
    #expect(over.fraction == 1)
    #expect(over.figures == "12/10")
    #expect(LoadProgress(percent: -5).fraction == 0)
    #expect(LoadProgress(percent: .nan).fraction == 0)
}

@Test func noTotalNoFraction() {
    #expect(LoadProgress(done: 1, total: 0) == nil)
    #expect(LoadProgress(done: 1, total: -3) == nil)
    #expect(LoadProgress(done: .infinity, total: 3) == nil)
}

@Test(arguments: [(0.0, "──────────"), (0.05, "╸─────────"), (0.5, "━━━━━─────"), (0.55, "━━━━━╸────"), (1.0, "━━━━━━━━━━")])
func unicodeBar(fraction: Double, expected: String) {
    #expect(ProgressBar.render(fraction: fraction, width: 10, color: false, utf8: true) == expected)
}

@Test(arguments: [(0.0, "[>       ]"), (0.5, "[====>   ]"), (0.99, "[=======>]"), (1.0, "[========]")])
func asciiBar(fraction: Double, expected: String) {
    #expect(ProgressBar.render(fraction: fraction, width: 10, color: false, utf8: false) == expected)
}
