import Testing
@testable import LoadWrapCore

/// The line's appearances the tests draw in: plain UTF-8, coloured UTF-8, plain ASCII.
private let plain = SpinnerLine.Appearance(color: false, utf8: true)
private let colourful = SpinnerLine.Appearance(color: true, utf8: true)
private let ascii = SpinnerLine.Appearance(color: false, utf8: false)

@Test func normalLine() {
    let line = SpinnerLine.render(frame: "⠋", title: "make -j8", elapsedMS: 3_400, columns: 80, appearance: plain)
    #expect(line == "⠋ make -j8 3s")
}

@Test func colouredLine() {
    let line = SpinnerLine.render(frame: "⠋", title: "make -j8", elapsedMS: 3_400, columns: 80, appearance: colourful)
    #expect(line == "\u{1B}[36m⠋\u{1B}[39m make -j8 \u{1B}[2m3s\u{1B}[22m")
}

@Test func emptyTitleLeavesFrameAndElapsed() {
    #expect(SpinnerLine.render(frame: "⠋", title: "", elapsedMS: 65_000, columns: 80, appearance: plain) == "⠋ 1m05s")
}

@Test func lineThatFillsAllButTheLastColumnIsKept() {
    // "⠋ abcdef 3s" is 11 columns: it needs 12.
    #expect(SpinnerLine.render(frame: "⠋", title: "abcdef", elapsedMS: 3_000, columns: 12, appearance: plain) == "⠋ abcdef 3s")
    #expect(SpinnerLine.render(frame: "⠋", title: "abcdef", elapsedMS: 3_000, columns: 11, appearance: plain) == "⠋ abcd… 3s")
}

@Test func titleIsTruncatedWithASCIIEllipsisWithoutUTF8() {
    let line = SpinnerLine.render(frame: "-", title: "compiling everything", elapsedMS: 3_000, columns: 16, appearance: ascii)
    // 15 drawable columns leave 10 for the title: 7 of it and "...".
    #expect(line == "- compili... 3s")
}

@Test func cjkTitleIsCutBeforeAWideCharacter() {
    // 13 columns: frame 1, spaces 2, elapsed 2 leave 8 for the title; "日本語のタイトル" is 16.
    // With "…" the budget is 7 columns, which ends inside "タ": "日本語" (6) + "…".
    let line = SpinnerLine.render(frame: "⠋", title: "日本語のタイトル", elapsedMS: 5_000, columns: 14, appearance: plain)
    #expect(line == "⠋ 日本語… 5s")
    #expect(DisplayWidth.of(line) == 12)
    let coloured = SpinnerLine.render(frame: "⠋", title: "日本語のタイトル", elapsedMS: 5_000, columns: 14, appearance: colourful)
    #expect(coloured == "\u{1B}[36m⠋\u{1B}[39m 日本語… \u{1B}[2m5s\u{1B}[22m")
}

@Test func titleGoesWhenNotEvenTheEllipsisFits() {
    // 6 columns leave 5 drawable: exactly "⠋ 3s" plus the space a title would need.
    #expect(SpinnerLine.render(frame: "⠋", title: "make", elapsedMS: 3_000, columns: 6, appearance: plain) == "⠋ 3s")
    #expect(SpinnerLine.render(frame: "⠋", title: "make", elapsedMS: 3_000, columns: 7, appearance: plain) == "⠋ … 3s")
    #expect(SpinnerLine.render(frame: "⠋", title: "make", elapsedMS: 3_000, columns: 8, appearance: plain) == "⠋ m… 3s")
    #expect(SpinnerLine.render(frame: "-", title: "make", elapsedMS: 3_000, columns: 8, appearance: ascii) == "- 3s")
}

@Test func tinyWidths() {
    func render(_ columns: Int, color: Bool = false) -> String {
        SpinnerLine.render(frame: "⠋", title: "make -j8", elapsedMS: 3_000, columns: columns, appearance: .init(color: color, utf8: true))
    }
    #expect(render(0) == "")
    #expect(render(-1) == "")
    #expect(render(1) == "")
    #expect(render(2) == "⠋")
    #expect(render(2, color: true) == "\u{1B}[36m⠋\u{1B}[39m")
    #expect(render(4) == "⠋")
    #expect(render(5) == "⠋ 3s")
}

@Test func wideFrameNeedsTwoColumns() {
    func render(_ columns: Int) -> String {
        SpinnerLine.render(frame: "🌑", title: "fetch", elapsedMS: 0, columns: columns, appearance: plain)
    }
    #expect(render(2) == "")
    #expect(render(3) == "🌑")
    #expect(render(6) == "🌑 0s")
    #expect(render(80) == "🌑 fetch 0s")
}
