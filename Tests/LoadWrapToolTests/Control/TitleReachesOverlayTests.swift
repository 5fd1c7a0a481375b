import Testing
@testable import LoadWrapCore
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// Titles from the command line and the control channel reach the spinner line without their
/// escapes: the tool's parsers sanitise, the core's overlay draws what it is given.
private let look = Overlay.Look(style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

/// An overlay started at 1000 ms with a 200 ms delay.
private func overlay(title: String = "work") -> Overlay {
    Overlay(look: look, title: title, startMS: 1_000, delayMS: 200, columns: 80)
}

/// The bytes of `text`.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

@Test func aTitleFromTheCommandLineIsDrawnWithoutEscapes() throws {
    // The parser sanitises it; the overlay draws it as it comes.
    let hostile = "\u{1B}]52;c;aGk=\u{07}\u{1B}[31mred\u{1B}[0m\n\u{1B}[2Jx"
    guard case .run(let options) = try ArgumentParser.parse(["--title", hostile, "make"]) else {
        Issue.record("did not parse as a run")
        return
    }
    var overlay = overlay(title: options.resolvedTitle)
    #expect(overlay.title == "red x")
    let drawn = overlay.draw(nowMS: 1_200, commandHidCursor: true)
    #expect(drawn == bytes("\r\u{1B}[?7la red x 0s\u{1B}[K\u{1B}[?7h\r"))
}

@Test func aTitleFromTheControlChannelIsDrawnWithoutEscapesAndDueAtOnce() {
    var overlay = overlay()
    _ = overlay.draw(nowMS: 1_200, commandHidCursor: false)
    // The channel's decoder sanitises it; the overlay takes it as it comes.
    guard case .say(let text)? = ControlMessage(line: "say\tstep \u{1B}[1m2\u{1B}[m\u{07}") else {
        Issue.record("not a say message")
        return
    }
    overlay.setTitle(text)
    #expect(overlay.title == "step 2")
    #expect(overlay.isDue(nowMS: 1_210))
    #expect(overlay.draw(nowMS: 1_210, commandHidCursor: false) == bytes("\r\u{1B}[?7la step 2 0s\u{1B}[K\u{1B}[?7h\r"))
}
