import Testing
@testable import LoadWrapCore

private func render(_ title: String, _ status: LineStatus, columns: Int = 80, elapsedMS: Int = 12_000,
                    color: Bool = false, utf8: Bool = true) -> String {
    SpinnerLine.render(frame: "⠙", title: title, elapsedMS: elapsedMS, columns: columns,
                       appearance: .init(color: color, utf8: utf8), status: status)
}

@Test func progressLineWithRoomHasTheWidestBarAndTheTimeLeft() {
    let line = render("Uploading", .progress(LoadProgress(percent: 52), remainingMS: 11_000))
    #expect(line == "⠙ Uploading ━━━━━━━━━━────────── 52% · 12s · ~11s left")
}

@Test func progressLineShrinksTheBarBeforeTheTitle() {
    // 39 drawable columns (half of 80, the overlay's width): the bar takes what the title leaves.
    let line = render("Uploading", .progress(LoadProgress(percent: 52), remainingMS: 11_000), columns: 40)
    #expect(line == "⠙ Uploading ━━╸── 52% · 12s · ~11s left")
    #expect(DisplayWidth.of(line) <= 39)
}

@Test func barGoesBeforeTheTimeLeft() {
    // The figures say what the bar says; the time left says something else.
    let line = render("a long title for the run", .progress(LoadProgress(percent: 52), remainingMS: 11_000), columns: 40)
    #expect(line == "⠙ a long title f… 52% · 12s · ~11s left")
}

@Test func timeLeftGoesBeforeTheTitleIsCutShort() {
    let line = render("a long title for the run", .progress(LoadProgress(percent: 52), remainingMS: 11_000), columns: 30)
    #expect(line == "⠙ a long title for… 52% · 12s")
}

@Test func figuresStayWhenNoBarFits() {
    let line = render("a long title for the run", .progress(LoadProgress(percent: 52), remainingMS: nil), columns: 26)
    #expect(line == "⠙ a long title… 52% · 12s")
}

@Test func plainLineWhenNotEvenTheFiguresFit() {
    let line = render("Uploading", .progress(LoadProgress(percent: 52), remainingMS: nil), columns: 12)
    #expect(line == "⠙ Uplo… 12s")
}

@Test func countsAndBytes() {
    #expect(render("t", .progress(LoadProgress(done: 3, total: 10)!, remainingMS: nil), columns: 30)
        == "⠙ t ━━━━────────── 3/10 · 12s")
    #expect(render("t", .progress(LoadProgress(done: 1_200, total: 5_000, unit: .bytes)!, remainingMS: nil), columns: 80)
        .hasSuffix(" 1.1/4.8 KiB · 12s"))
}

@Test func colouredBarDimsTheRestAndTheTime() {
    let line = render("t", .progress(LoadProgress(percent: 50), remainingMS: nil), columns: 20, color: true)
    #expect(line == "\u{1B}[36m⠙\u{1B}[39m t \u{1B}[36m━━╸\u{1B}[39m\u{1B}[2m━━\u{1B}[22m 50% · \u{1B}[2m12s\u{1B}[22m")
}

@Test func asciiBar() {
    let line = render("t", .progress(LoadProgress(percent: 52), remainingMS: 11_000), columns: 80, utf8: false)
    #expect(line == "⠙ t [=========>        ] 52% - 12s - ~11s left")
}

@Test func usualTimeIsDimmedOnlyOncePast() {
    #expect(render("make -j8", .usually(ms: 65_000), elapsedMS: 42_000) == "⠙ make -j8 42s · usually 1m05s")
    #expect(render("make -j8", .usually(ms: 65_000), elapsedMS: 91_000, color: true)
        == "\u{1B}[36m⠙\u{1B}[39m make -j8 \u{1B}[2m1m31s\u{1B}[22m · \u{1B}[2musually 1m05s\u{1B}[22m")
}

@Test func usualTimeGoesBeforeTheTitleIsCut() {
    #expect(render("make -j8 all", .usually(ms: 65_000), columns: 20) == "⠙ make -j8 all 12s")
}

@Test(arguments: 1...60)
func progressLineNeverPassesTheLastColumn(columns: Int) {
    for status in [LineStatus.progress(LoadProgress(percent: 99.9), remainingMS: 3_600_000), .usually(ms: 5_000)] {
        let line = render("日本語のタイトル and more", status, columns: columns)
        #expect(DisplayWidth.of(line) <= max(0, columns - 1), "\(columns): \(line)")
    }
}
