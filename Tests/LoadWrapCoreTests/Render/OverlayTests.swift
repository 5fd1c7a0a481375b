import Testing
@testable import LoadWrapCore

/// Two one-column ASCII frames, 100 ms apart, without colour: bytes easy to write out.
private let look = Overlay.Look(style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

/// An overlay started at 1000 ms with a 200 ms delay.
private func overlay(title: String = "work", columns: Int = 80, look: Overlay.Look = look) -> Overlay {
    Overlay(look: look, title: title, startMS: 1_000, delayMS: 200, columns: columns)
}

/// The bytes of `text`.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Test func nothingDueBeforeTheDelay() {
    let overlay = overlay()
    #expect(overlay.nextDrawMS == 1_200)
    #expect(!overlay.isDue(nowMS: 0))
    #expect(!overlay.isDue(nowMS: 1_000))
    #expect(!overlay.isDue(nowMS: 1_199))
    #expect(overlay.isDue(nowMS: 1_200))
    #expect(overlay.isDue(nowMS: 5_000))
    #expect(!overlay.visible)
}

@Test func noDelayIsDueAtOnce() {
    let overlay = Overlay(look: look, title: "x", startMS: 1_000, delayMS: 0, columns: 80)
    #expect(overlay.isDue(nowMS: 1_000))
    #expect(!overlay.isDue(nowMS: 999))
}

@Test func firstDrawHidesTheCursorAndDrawsTheLine() {
    var overlay = overlay()
    // 200 ms elapsed: frame 2 % 2 = "a", elapsed "0s".
    #expect(overlay.draw(nowMS: 1_200, commandHidCursor: false) == bytes("\u{1B}[?25l\r\u{1B}[?7la work 0s\u{1B}[K\u{1B}[?7h\r"))
    #expect(overlay.visible)
}

@Test func secondDrawWaitsAnInterval() {
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    #expect(overlay.nextDrawMS == 1_300)
    #expect(!overlay.isDue(nowMS: 1_200))
    #expect(!overlay.isDue(nowMS: 1_299))
    #expect(overlay.isDue(nowMS: 1_300))
    // Already visible and hidden: no second `?25l`; 300 ms elapsed is frame "b".
    #expect(overlay.draw(nowMS: 1_300, commandHidCursor: false) == bytes("\r\u{1B}[?7lb work 0s\u{1B}[K\u{1B}[?7h\r"))
    #expect(overlay.nextDrawMS == 1_400)
}

@Test func aFrameReusesTheStorageOfTheLastOnce() {
    var overlay = overlay()
    // Each frame's bytes are written and dropped before the next: the next draw fills the same
    // buffer (the kept line after the frame, the frames built once), so a frame allocates nothing.
    let first = overlay.draw(nowMS: 1_200, commandHidCursor: false).withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let second = overlay.draw(nowMS: 1_300, commandHidCursor: false).withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    let third = overlay.draw(nowMS: 2_400, commandHidCursor: false).withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    #expect(second == first)
    #expect(third == first, "a new elapsed second lays the line out again, into the same buffer")
}

@Test func lateDrawSchedulesFromItself() {
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    // A late frame at 2345 ms (1345 ms elapsed: frame 13 → "b", "1s").
    #expect(overlay.draw(nowMS: 2_345, commandHidCursor: false) == bytes("\r\u{1B}[?7lb work 1s\u{1B}[K\u{1B}[?7h\r"))
    #expect(overlay.nextDrawMS == 2_445)
}

@Test func eraseRemovesTheLineAndShowsTheCursor() {
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    #expect(overlay.erase() == bytes("\r\u{1B}[K\u{1B}[?25h"))
    #expect(!overlay.visible)
    #expect(overlay.erase() == [])
}

@Test func eraseWhenHiddenIsEmpty() {
    var overlay = overlay()
    #expect(overlay.erase() == [])
    #expect(!overlay.visible)
}

@Test func redrawAfterEraseHidesTheCursorAgain() {
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    _ = overlay.erase()
    #expect(overlay.draw(nowMS: 1_300, commandHidCursor: false) == bytes("\u{1B}[?25l\r\u{1B}[?7lb work 0s\u{1B}[K\u{1B}[?7h\r"))
}

@Test func eraseDoesNotPostponeTheNextFrame() {
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    _ = overlay.erase()
    #expect(!overlay.isDue(nowMS: 1_250))
    #expect(overlay.isDue(nowMS: 1_300))
}

@Test func cursorTheCommandHidIsLeftAlone() {
    var overlay = overlay()
    #expect(overlay.draw(nowMS: 1_200, commandHidCursor: true) == bytes("\r\u{1B}[?7la work 0s\u{1B}[K\u{1B}[?7h\r"))
    #expect(overlay.erase() == bytes("\r\u{1B}[K"))
}

@Test func cursorHiddenByTheCommandAfterOurDraw() {
    var overlay = overlay()
    // We hid it; the erase before the command's chunk shows it; the chunk hides it itself.
    #expect(overlay.draw(nowMS: 1_200, commandHidCursor: false) == bytes("\u{1B}[?25l\r\u{1B}[?7la work 0s\u{1B}[K\u{1B}[?7h\r"))
    #expect(overlay.erase() == bytes("\r\u{1B}[K\u{1B}[?25h"))
    #expect(overlay.draw(nowMS: 1_300, commandHidCursor: true) == bytes("\r\u{1B}[?7lb work 0s\u{1B}[K\u{1B}[?7h\r"))
    #expect(overlay.erase() == bytes("\r\u{1B}[K"))
}

@Test func skipFrameWaitsAnInterval() {
    var overlay = overlay()
    overlay.skipFrame(nowMS: 1_250)
    #expect(overlay.nextDrawMS == 1_350)
    #expect(!overlay.isDue(nowMS: 1_349))
    #expect(overlay.isDue(nowMS: 1_350))
    #expect(!overlay.visible)
}

@Test func skipFrameNeverMovesBeforeTheDelay() {
    var overlay = overlay()
    overlay.skipFrame(nowMS: 1_000)
    #expect(overlay.nextDrawMS == 1_200)
}

@Test func lineIsCutToTheWidth() {
    // Half the width is drawn (the line must survive a halved, reflowing window): 19 columns
    // give 9 drawable ones, and "a " + title + " 0s" leaves 4 for the title.
    var overlay = overlay(title: "compiling everything", columns: 19)
    #expect(overlay.draw(nowMS: 1_200, commandHidCursor: true) == bytes("\r\u{1B}[?7la com… 0s\u{1B}[K\u{1B}[?7h\r"))
    overlay.columns = 11
    _ = overlay.erase()
    #expect(overlay.draw(nowMS: 1_300, commandHidCursor: true) == bytes("\r\u{1B}[?7lb 0s\u{1B}[K\u{1B}[?7h\r"))
    overlay.columns = 2
    #expect(overlay.draw(nowMS: 1_400, commandHidCursor: true) == bytes("\r\u{1B}[?7l\u{1B}[K\u{1B}[?7h\r"))
}

@Test func colouredDraw() {
    var overlay = overlay(look: Overlay.Look(style: look.style, color: true, utf8: true))
    #expect(overlay.draw(nowMS: 1_200, commandHidCursor: false)
        == bytes("\u{1B}[?25l\r\u{1B}[?7l\u{1B}[36ma\u{1B}[39m work \u{1B}[2m0s\u{1B}[22m\u{1B}[K\u{1B}[?7h\r"))
}

@Test func theEraseClearsTheRowAndEverythingBelowFromOneStepRight() {
    // Wherever a reflowing terminal put the line's rows, they start at the cursor's row; the step
    // right keeps tmux from pushing its screen into the scrollback on an erase from the corner.
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    #expect(overlay.erase() == bytes("\r\u{1B}[K\u{1B}[?25h"))
    #expect(overlay.erase().isEmpty)
}

@Test func theLineIsLaidOutInHalfTheWidth() {
    #expect(Overlay.drawnColumns(80) == 40)
    #expect(Overlay.drawnColumns(81) == 41)
    #expect(Overlay.drawnColumns(1) == 1)
    var overlay = overlay(title: String(repeating: "x", count: 100), columns: 80)
    let line = String(decoding: overlay.draw(nowMS: 1_200, commandHidCursor: true), as: UTF8.self)
    #expect(line == "\r\u{1B}[?7la " + String(repeating: "x", count: 33) + "… 0s\u{1B}[K\u{1B}[?7h\r")
}

@Test func autowrapTheCommandTurnedOffStaysOff() {
    var overlay = overlay()
    #expect(overlay.draw(nowMS: 1_200, commandHidCursor: true, commandDisabledAutowrap: true)
        == bytes("\ra work 0s\u{1B}[K\r"))
}
