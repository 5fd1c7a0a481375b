import Testing
@testable import LoadWrapCore

@Test func defaultStyleIsDots() {
    #expect(SpinnerStyle.named("dots") == .dots)
}

@Test func catalogueHasAtLeastFourteenStylesWithUniqueNames() {
    let names = SpinnerStyle.catalogue.map(\.name)
    #expect(names.count >= 14)
    #expect(Set(names).count == names.count)
}

@Test(arguments: SpinnerStyle.catalogue)
func everyStyleIsWellFormed(style: SpinnerStyle) {
    #expect(!style.name.isEmpty)
    #expect(!style.frames.isEmpty)
    #expect(style.intervalMS > 0)
    #expect(style.frames.allSatisfy { !$0.isEmpty })
    let widths = Set(style.frames.map { DisplayWidth.of($0) })
    #expect(widths.count == 1, "frames of \(style.name) differ in width: \(widths)")
    #expect(widths.first ?? 0 > 0)
    #expect(SpinnerStyle.named(style.name) == style)
}

@Test func referenceStylesMatchCliSpinners() {
    #expect(SpinnerStyle.dots.frames == ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"])
    #expect(SpinnerStyle.dots.intervalMS == 80)
    #expect(SpinnerStyle.line.frames == ["-", "\\", "|", "/"])
    #expect(SpinnerStyle.line.intervalMS == 130)
    #expect(SpinnerStyle.named("moon")?.frames.allSatisfy { DisplayWidth.of($0) == 2 } == true)
}

@Test func aLibraryUserGivesTheIntervalAsADuration() {
    let style = SpinnerStyle(name: "blink", frames: ["*", " "], interval: .milliseconds(250))
    #expect(style.intervalMS == 250)
    #expect(style.interval == .milliseconds(250))
    #expect(SpinnerStyle.dots.interval == .milliseconds(80))
    #expect(style.frame(at: 249) == "*")
    #expect(style.frame(at: 250) == " ")
}

@Test func isASCIIMarksPlainStyles() {
    let ascii = SpinnerStyle.catalogue.filter(\.isASCII).map(\.name)
    #expect(ascii == ["line", "simpleDots", "simpleDotsScrolling", "star2", "bouncingBar"])
}

@Test func frameStepsEveryInterval() {
    let dots = SpinnerStyle.dots
    #expect(dots.frame(at: 0) == "⠋")
    #expect(dots.frame(at: 79) == "⠋")
    #expect(dots.frame(at: 80) == "⠙")
    #expect(dots.frame(at: 80 * 9) == "⠏")
    #expect(dots.frame(at: 80 * 10) == "⠋")
    #expect(dots.frame(at: 80 * 12 + 5) == "⠹")
    #expect(SpinnerStyle.line.frame(at: 130 * 3) == "/")
}

@Test func frameAtNegativeTimeIsTheFirst() {
    #expect(SpinnerStyle.dots.frame(at: -500) == "⠋")
}

@Test func defaultStyleDependsOnUTF8() {
    #expect(SpinnerStyle.defaultStyle(utf8: true) == .dots)
    #expect(SpinnerStyle.defaultStyle(utf8: false) == .line)
}

@Test func fallbackReplacesOnlyNonASCIIStylesWithoutUTF8() {
    #expect(SpinnerStyle.fallback(for: .moon, utf8: true) == .moon)
    #expect(SpinnerStyle.fallback(for: .moon, utf8: false) == .line)
    #expect(SpinnerStyle.fallback(for: .simpleDots, utf8: false) == .simpleDots)
    #expect(SpinnerStyle.fallback(for: .dots, utf8: false) == .line)
}
