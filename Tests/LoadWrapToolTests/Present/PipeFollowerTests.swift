import Testing

@testable import LoadWrapCore
@testable import LoadWrapTool

/// A guest's painter with the follower of the pipe its stdout leads into, whose reader prints on
/// the same terminal (`| cat`), stepped on a fake clock with exact bytes: the line goes before data
/// leaves, waits for the pipe's quiet, stays away while the data left a partial line or an open
/// sequence, and keeps the cursor and autowrap as whichever output last set them.
/// Frames `a`/`b` every 100 ms, no colour, started at 1000 ms, no delay, a quiet of 150 ms.
@Suite struct PipeFollowerTests {
    /// The painter and the follower, as `OverlayPresenter` holds them.
    private struct Guest {
        var painter: Painter
        var pipe = PipeFollower(quietMS: 150)

        var atLineStart: Bool { painter.atLineStart }
        var outputUnfinished: Bool { painter.outputUnfinished }
        var nextFrameMS: Int? { painter.nextFrameMS }
        mutating func frame(nowMS: Int, view: TerminalView) -> [UInt8] { painter.frame(nowMS: nowMS, view: view) }
        mutating func end() -> [UInt8] { painter.end() }
        mutating func ownLine(_ text: String, lineEnd: String) -> [UInt8] { painter.ownLine(text, lineEnd: lineEnd) }
        mutating func lastLines() -> [UInt8] { painter.lastLines() }
    }

    private static let look = Overlay.Look(
        style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

    private static func guest() -> Guest {
        Guest(painter: Painter(overlay: Overlay(look: look, title: "w", startMS: 1_000, delayMS: 0, columns: 80)))
    }

    private static let free = TerminalView()
    private static let hide = "\u{1B}[?25l"
    private static let show = "\u{1B}[?25h"
    private static let erase = "\r\u{1B}[K" + show

    /// `around` for the command's text chunk, as one string: head + chunk + tail.
    private static func around(_ guest: inout Guest, _ text: String, at now: Int) -> String {
        var copy = text
        return copy.withUTF8 { utf8 in
            let (head, tail) = guest.painter.around(UnsafeRawBufferPointer(utf8), nowMS: now, view: free)
            return String(decoding: head, as: UTF8.self) + text + String(decoding: tail, as: UTF8.self)
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// What to write before a text chunk leaves through the pipe.
    private static func leaving(_ guest: inout Guest, _ text: String, at now: Int) -> [UInt8] {
        leaving(&guest, Array(text.utf8), at: now)
    }

    private static func leaving(_ guest: inout Guest, _ bytes: [UInt8], at now: Int) -> [UInt8] {
        bytes.withUnsafeBytes { guest.pipe.leaving($0, nowMS: now, painter: &guest.painter) }
    }

    /// The reader prints what it reads on the line the spinner would use: the line stays away
    /// until the data ends a line, then comes back where the terminal's cursor is.
    @Test func dataThatLeftAPartialLineKeepsTheLineAway() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, "name? ", at: 1_000)
        #expect(painter.frame(nowMS: 2_000, view: Self.free).isEmpty)
        #expect(!painter.atLineStart)
        _ = Self.leaving(&painter, "ok\n", at: 2_000)
        #expect(painter.atLineStart)
        #expect(!painter.frame(nowMS: 2_200, view: Self.free).isEmpty)
    }

    /// A chunk that does not move the cursor (colours, a title) leaves it where the other
    /// writer left it: the partial line `cat` printed is not erased.
    @Test func aChunkThatMovesNoCursorKeepsTheOtherWritersPartialLine() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, "abc", at: 1_000)
        _ = Self.around(&painter, "\u{1B}[0m", at: 1_010)
        #expect(!painter.atLineStart)
        #expect(painter.frame(nowMS: 2_000, view: Self.free).isEmpty)
        _ = Self.around(&painter, "progress", at: 2_010)
        _ = Self.leaving(&painter, "\u{1B}[?25h", at: 2_020)
        #expect(!painter.atLineStart)
    }

    /// Binary data goes to a reader that does not print it (`| gzip > f`): it does not keep the
    /// line away, and its stray ESC or lead bytes leave nothing unfinished at the end.
    @Test func binaryDataIsNotFollowed() {
        var painter = Self.guest()
        let bytes: [UInt8] = [0x00, 0x1B, 0x37, 0x41, 0xC3]
        _ = Self.leaving(&painter, bytes, at: 1_000)
        #expect(!painter.outputUnfinished)
        #expect(!painter.frame(nowMS: 1_200, view: Self.free).isEmpty)
    }

    /// An early-stop line waiting for data that stopped inside a sequence goes out once the
    /// sequence ended and the reader had time to print it, not only at the end of the run.
    @Test func aWaitingLineGoesOutOnceTheDataFinishedItsSequence() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, "READY\n\u{1B}[3", at: 1_000)
        _ = painter.end()
        #expect(painter.ownLine("ready", lineEnd: "\n").isEmpty)
        #expect(painter.nextFrameMS == nil, "nothing to do while the sequence is open")
        _ = Self.leaving(&painter, "1m\n", at: 1_500)
        #expect(painter.nextFrameMS == 1_650)
        #expect(painter.frame(nowMS: 1_600, view: Self.free).isEmpty)
        #expect(Self.text(painter.frame(nowMS: 1_650, view: Self.free)) == "ready\n")
        #expect(painter.nextFrameMS == nil)
    }

    /// Whichever output came last decides where the cursor is: data ending a line after the
    /// command's terminal output left a partial one.
    @Test func theLastWriterDecidesTheLineStart() {
        var painter = Self.guest()
        _ = Self.around(&painter, "progress ", at: 1_000)
        #expect(!painter.atLineStart)
        _ = Self.leaving(&painter, "line\n", at: 1_010)
        #expect(painter.atLineStart)
        _ = Self.around(&painter, "more", at: 1_020)
        #expect(!painter.atLineStart)
        #expect(Self.text(painter.ownLine("end", lineEnd: "\n")) == "\nend\n")
    }

    /// The cursor's visibility and autowrap are the terminal's: set by data the reader prints,
    /// the line neither sets them again nor undoes them when it goes.
    @Test func modesSetThroughThePipeAreTheTerminals() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, "\u{1B}[?25l\u{1B}[?7l\n", at: 1_000)
        #expect(Self.text(painter.frame(nowMS: 1_200, view: Self.free)) == "\ra w 0s\u{1B}[K\r")
        #expect(Self.text(painter.end()) == "\r\u{1B}[K")
    }

    /// The two outputs reach the terminal in an order loadwrap cannot know: where either left the
    /// cursor hidden, or autowrap off, the line leaves them alone, drawn or erased.
    @Test func whereEitherOutputHidTheCursorTheLineLeavesItAlone() {
        let line = "\ra w 0s\u{1B}[K\r"
        var shownByData = Self.guest()
        #expect(Self.around(&shownByData, "\u{1B}[?25l\u{1B}[?7l", at: 1_000) == "\u{1B}[?25l\u{1B}[?7l" + line)
        _ = Self.leaving(&shownByData, "\u{1B}[?25h\u{1B}[?7h\n", at: 1_010)
        #expect(Self.text(shownByData.frame(nowMS: 1_200, view: Self.free)) == line)
        #expect(Self.text(shownByData.end()) == "\r\u{1B}[K")

        var hiddenByData = Self.guest()
        _ = Self.leaving(&hiddenByData, "\u{1B}[?25l\u{1B}[?7l\n", at: 1_000)
        _ = Self.around(&hiddenByData, "\u{1B}[?25h\u{1B}[?7htext\n", at: 1_010)
        #expect(Self.text(hiddenByData.frame(nowMS: 1_200, view: Self.free)) == line)
    }

    /// Data that turns binary is no longer followed, but what its reader printed before stays:
    /// the cursor it hid is still hidden.
    @Test func modesTheDataSetBeforeItTurnedBinaryStay() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, "\u{1B}[?25l\u{1B}[?7l\n", at: 1_000)
        _ = Self.leaving(&painter, "\u{0}\u{1}", at: 1_010)
        #expect(Self.text(painter.frame(nowMS: 1_200, view: Self.free)) == "\ra w 0s\u{1B}[K\r")

        // Binary from the start (`| gzip`): its stray `?25h` was never printed.
        var unprinted = Self.guest()
        _ = Self.around(&unprinted, "\u{1B}[?25l\u{1B}[?7l", at: 1_000)
        _ = Self.leaving(&unprinted, "\u{1B}[?25h\u{1B}[?7h\n", at: 1_010)
        _ = Self.leaving(&unprinted, "\u{0}", at: 1_020)
        #expect(Self.text(unprinted.frame(nowMS: 1_200, view: Self.free)) == "\ra w 0s\u{1B}[K\r")
    }

    @Test func dataLeavingErasesFirstAndTheLineWaitsForQuiet() {
        var painter = Self.guest()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        #expect(Self.text(Self.leaving(&painter, "one\n", at: 1_010)) == Self.erase)
        #expect(painter.nextFrameMS == 1_160)
        #expect(painter.frame(nowMS: 1_100, view: Self.free).isEmpty, "already erased, and no redraw before the quiet")
        #expect(painter.frame(nowMS: 1_159, view: Self.free).isEmpty)
        // More data before the quiet ends pushes it on.
        #expect(Self.leaving(&painter, "two\n", at: 1_159).isEmpty)
        #expect(painter.nextFrameMS == 1_309)
        #expect(Self.text(painter.frame(nowMS: 1_309, view: Self.free)) == Self.hide + "\r\u{1B}[?7lb w 0s\u{1B}[K\u{1B}[?7h\r")
    }

    @Test func nothingIsAppendedWhenTheDataEndsInsideACharacter() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, [0xE2, 0x9C], at: 1_000)
        _ = painter.end()
        #expect(painter.ownLine("end", lineEnd: "\n").isEmpty)
        #expect(painter.lastLines().isEmpty)
    }

    /// Data through a pipe whose reader prints it (`| cat`): the line stays away while that data
    /// has stopped inside a sequence, as it does for the command's terminal output.
    @Test func noFrameWhileDataLeftASequenceUnfinished() {
        var painter = Self.guest()
        _ = Self.leaving(&painter, Array("\u{1B}[3".utf8), at: 1_000)
        #expect(painter.frame(nowMS: 2_000, view: TerminalView()).isEmpty)
        _ = Self.leaving(&painter, Array("1mred\u{1B}[0m\n".utf8), at: 2_100)
        #expect(!painter.frame(nowMS: 2_300, view: TerminalView()).isEmpty, "drawn once the sequence ended")
    }
}
