import Testing

@testable import LoadWrapRuns

/// A step is slower than usual when it took both 25 % and 5 s more than its usual time: each
/// floor is checked at its edge, with the other one met.
@Suite struct SlowerThanUsualTests {
    /// Long steps: the 25 % decides. 60 s usually: 75 s is slower, 74.999 s is not.
    @Test func theShareDecidesForLongSteps() {
        #expect(SlowerThanUsual.applies(elapsedMS: 75_000, usualMS: 60_000))
        #expect(!SlowerThanUsual.applies(elapsedMS: 74_999, usualMS: 60_000))
    }

    /// Short steps: the 5 s decide. 4 s usually: 9 s is slower (125 % more), 8.999 s is not.
    @Test func theFloorDecidesForShortSteps() {
        #expect(SlowerThanUsual.applies(elapsedMS: 9_000, usualMS: 4_000))
        #expect(!SlowerThanUsual.applies(elapsedMS: 8_999, usualMS: 4_000))
        #expect(!SlowerThanUsual.applies(elapsedMS: 400, usualMS: 100))
    }

    /// At 20 s usually both floors are the same 5 s.
    @Test func bothAtOnce() {
        #expect(SlowerThanUsual.applies(elapsedMS: 25_000, usualMS: 20_000))
        #expect(!SlowerThanUsual.applies(elapsedMS: 24_999, usualMS: 20_000))
    }

    @Test func noUsualTimeIsNeverSlower() {
        #expect(!SlowerThanUsual.applies(elapsedMS: 1_000_000, usualMS: nil))
        #expect(SlowerThanUsual.note(elapsedMS: 1_000_000, usualMS: nil) == nil)
    }

    /// The end line's field, in the report's form of times.
    @Test func theNote() {
        #expect(SlowerThanUsual.note(elapsedMS: 118_000, usualMS: 72_000) == "usually 1m12s")
        #expect(SlowerThanUsual.note(elapsedMS: 14_000, usualMS: 8_500) == "usually 8.5s")
        #expect(SlowerThanUsual.note(elapsedMS: 80_000, usualMS: 72_000) == nil)
    }

    /// The usual time is read only for a run long enough to be slower, and once.
    @Test func theFigureIsReadOnlyWhenItCanMatter() {
        var reads = 0
        let figure = UsualFigure { reads += 1; return 3_000 }
        #expect(figure.ms(elapsedMS: 4_999) == nil)
        #expect(reads == 0)
        #expect(figure.ms(elapsedMS: 9_000) == 3_000)
        #expect(figure.ms(elapsedMS: 9_100) == 3_000)
        #expect(reads == 1)
    }

    /// The end line of a run that was slower, and of one that was not.
    @Test func endLines() {
        var text = ReportText(lines: ReportLines(utf8: true, color: false), result: .always, title: "swift test")
        text.usual = UsualFigure { 72_000 }
        #expect(text.end(.ended(.exited(0)), elapsedMS: 118_000) == "✔ swift test · 1m58s · usually 1m12s\n")
        #expect(text.end(.ended(.exited(0)), elapsedMS: 75_000) == "✔ swift test · 1m15s\n")
        text.logPath = "build.log"
        #expect(text.end(.ended(.exited(1)), elapsedMS: 118_000) == "✖ swift test · exit 1 · 1m58s · usually 1m12s · log: build.log\n")
    }
}
