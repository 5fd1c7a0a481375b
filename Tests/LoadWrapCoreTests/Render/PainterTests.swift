import Foundation
import Testing

@testable import LoadWrapCore

/// The overlay's drawing decisions, stepped on a fake clock with exact bytes: erase → chunk →
/// redraw, at most one redraw per frame interval, when the line may show, and loadwrap's own
/// lines after a partial line. Frames `a`/`b` every 100 ms, no colour, started at 1000 ms, no delay.
@Suite struct PainterTests {
    private static let look = Overlay.Look(
        style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

    private static func painter() -> Painter {
        Painter(overlay: Overlay(look: look, title: "w", startMS: 1_000, delayMS: 0, columns: 80))
    }

    private static let free = TerminalView()
    private static let hide = "\u{1B}[?25l"
    private static let show = "\u{1B}[?25h"
    private static let erase = "\r\u{1B}[K" + show

    /// `around` for a text chunk, as one string: head + chunk + tail.
    private static func around(
        _ painter: inout Painter, _ text: String, at now: Int, view: @autoclosure () -> TerminalView = free
    ) -> String {
        var copy = text
        return copy.withUTF8 { utf8 in
            let (head, tail) = painter.around(UnsafeRawBufferPointer(utf8), nowMS: now, view: view())
            return String(decoding: head, as: UTF8.self) + text + String(decoding: tail, as: UTF8.self)
        }
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The terminal echoed `^C` over the line's start: the rest goes, the echo stays, and an end
    /// line starts below it.
    @Test func aSignalKeysEchoStaysAndEndLinesGoBelowIt() {
        var painter = Self.painter()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        #expect(Self.text(painter.signalKeyEchoed()) == "\u{1B}[K" + Self.show, "the rest of its row, no row below")
        #expect(painter.end().isEmpty)
        #expect(Self.text(painter.ownLine("end", lineEnd: "\n")) == "\nend\n")
    }

    /// After `fg` the shell has printed the job's name and a newline: the line comes back.
    @Test func afterCtrlZAndFgTheLineComesBack() {
        var painter = Self.painter()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        _ = painter.signalKeyEchoed()
        _ = painter.suspend()
        #expect(painter.frame(nowMS: 1_100, view: Self.free).isEmpty, "nothing while stopped")
        painter.resume()
        #expect(painter.atLineStart)
        #expect(!painter.frame(nowMS: 1_200, view: Self.free).isEmpty)
    }

    /// Pinned means pinned: the line is back after every chunk, in the same write; the frame
    /// advances only when one is due.
    @Test func aChunkErasesTheLineAndPutsItBackInTheSameWrite() {
        var painter = Self.painter()
        let frameA = Self.hide + "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r"
        #expect(Self.text(painter.frame(nowMS: 1_000, view: Self.free)) == frameA)
        // 50 ms later no frame is due: the same frame is put back after the chunk.
        #expect(Self.around(&painter, "x\n", at: 1_050) == Self.erase + "x\n" + frameA)
        // At 1100 a frame is due: the next one.
        #expect(Self.around(&painter, "y\n", at: 1_100) == Self.erase + "y\n" + Self.hide + "\r\u{1B}[?7lb w 0s\u{1B}[K\u{1B}[?7h\r")
        #expect(painter.frame(nowMS: 1_150, view: Self.free).isEmpty, "a put-back is not a frame: the next is still due at 1200")
        #expect(!painter.frame(nowMS: 1_200, view: Self.free).isEmpty)
    }

    /// A flood costs one erase and one put-back per chunk; the animation advances once an interval,
    /// and the terminal's state (system calls) is read once an interval, not per chunk.
    @Test func aFloodPutsTheLineBackAfterEveryChunkAndAdvancesOncePerInterval() {
        var painter = Self.painter()
        let reads = Counter()
        var frames: [Character] = []
        var lineAfterEveryChunk = true
        for ms in stride(from: 1_000, to: 2_000, by: 5) {
            let written = Self.around(&painter, "l\n", at: ms, view: reads.view())
            guard let line = written.components(separatedBy: "l\n").last, line.contains(" w ") else {
                lineAfterEveryChunk = false
                continue
            }
            let frame = line[line.index(line.range(of: "\u{1B}[?7l")!.upperBound, offsetBy: 0)]
            if frames.last != frame { frames.append(frame) }
        }
        #expect(lineAfterEveryChunk)
        #expect(frames.count == 10, "\(frames)")
        #expect(reads.count == 10)
    }

    /// Counts the reads of the terminal's state.
    private final class Counter {
        var count = 0
        func view() -> TerminalView {
            count += 1
            return TerminalView()
        }
    }

    @Test func aPartialLineKeepsTheLineAwayUntilItEnds() {
        var painter = Self.painter()
        #expect(Self.around(&painter, "Password: ", at: 1_000) == "Password: ")
        #expect(painter.frame(nowMS: 1_100, view: Self.free).isEmpty)
        #expect(Self.around(&painter, "\n", at: 1_200) == "\n" + Self.hide + "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r")
    }

    @Test func theLineStepsAsideWhileTheTerminalIsSomeoneElses() {
        var painter = Self.painter()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        for view in [TerminalView(foreground: false), TerminalView(modesAllowDrawing: false), TerminalView(consumerCaughtUp: false)] {
            var copy = painter
            #expect(Self.text(copy.frame(nowMS: 1_100, view: view)) == Self.erase, "\(view)")
            #expect(copy.frame(nowMS: 1_150, view: Self.free).isEmpty, "one check per interval")
            #expect(Self.text(copy.frame(nowMS: 1_200, view: Self.free)) == Self.hide + "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r")
        }
    }

    @Test func autowrapTheCommandTurnedOffIsLeftOff() {
        var painter = Self.painter()
        #expect(Self.around(&painter, "\u{1B}[?7l", at: 1_000) == "\u{1B}[?7l" + Self.hide + "\ra w 0s\u{1B}[K\r")
    }

    @Test func theViewIsReadOnlyWhenAFrameIsDue() {
        var painter = Self.painter()
        var reads = 0
        func view() -> TerminalView {
            reads += 1
            return Self.free
        }
        _ = painter.frame(nowMS: 1_000, view: view())
        _ = painter.frame(nowMS: 1_050, view: view())
        #expect(reads == 1)
    }

    @Test func ownLinesStartOnALineOfTheirOwn() {
        var painter = Self.painter()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        #expect(Self.around(&painter, "ready", at: 1_050) == Self.erase + "ready")
        #expect(Self.text(painter.ownLine("ok", lineEnd: "\r\n")) == "\r\nok\r\n")
        #expect(Self.text(painter.ownLine("end", lineEnd: "\n")) == "end\n", "no blank line after a line of its own")
        #expect(painter.atLineStart)
    }

    @Test func replayedOutputDecidesWhereTheEndLineStarts() {
        var painter = Self.painter()
        painter.replayed(endingAtLineStart: false)
        #expect(Self.text(painter.ownLine("end", lineEnd: "\n")) == "\nend\n")
    }

    @Test func afterTheEndNothingIsDrawnOrScheduled() {
        var painter = Self.painter()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        #expect(Self.text(painter.end()) == Self.erase)
        #expect(painter.nextFrameMS == nil)
        #expect(painter.frame(nowMS: 5_000, view: Self.free).isEmpty)
        #expect(Self.around(&painter, "more\n", at: 5_000) == "more\n")
    }

    @Test func suspendErasesAndResumeDrawsAtTheNextFrame() {
        var painter = Self.painter()
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        #expect(Self.text(painter.suspend()) == Self.erase)
        #expect(Self.text(painter.frame(nowMS: 1_100, view: Self.free)).isEmpty)
        painter.resume()
        #expect(Self.text(painter.frame(nowMS: 1_200, view: Self.free)) == Self.hide + "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r")
    }

    /// A window still as wide as the line was drawn in (half the old width) has not rewrapped it:
    /// its row alone is erased. Narrower, a terminal that reflows may have put it on more rows, all
    /// at or under the cursor: the row and everything below go, from one step right (tmux moves its
    /// screen into the scrollback on an erase below from the top-left corner).
    @Test func aResizeErasesTheLineWhereverItsRowsAreAndRedrawsAtTheNewWidth() {
        var painter = Self.painter()
        let line = Self.hide + "\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r"
        _ = painter.frame(nowMS: 1_000, view: Self.free)
        #expect(Self.text(painter.resized(columns: 40, nowMS: 1_010, view: Self.free)) == Self.erase + line)
        #expect(Self.text(painter.resized(columns: 60, nowMS: 1_020, view: Self.free)) == Self.erase + line)
        #expect(Self.text(painter.resized(columns: 29, nowMS: 1_030, view: Self.free))
            == "\r\u{1B}[K\u{1B}[C\u{1B}[J\r" + Self.show + line)
        #expect(Self.text(painter.end()) == Self.erase, "drawn in 15 columns of 29")
    }
}

/// Nothing of loadwrap's own lands inside a sequence the command left unfinished.
@Suite struct PainterSplitSequenceTests {
    private static let look = Overlay.Look(
        style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

    private static func around(_ painter: inout Painter, _ text: String, at now: Int) -> [UInt8] {
        var copy = text
        return copy.withUTF8 { utf8 in
            let (head, tail) = painter.around(UnsafeRawBufferPointer(utf8), nowMS: now, view: TerminalView())
            return head + tail
        }
    }

    @Test func noFrameWhileAnEscapeSequenceIsUnfinished() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 0, columns: 80))
        #expect(Self.around(&painter, "\u{1B}[3", at: 1_000).isEmpty)
        #expect(painter.frame(nowMS: 1_500, view: TerminalView()).isEmpty)
        #expect(!Self.around(&painter, "1mred\u{1B}[0m\n", at: 1_600).isEmpty, "drawn once the sequence ended")
    }

    @Test func ownLinesWaitForTheSequenceToEnd() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 60_000, columns: 80))
        _ = Self.around(&painter, "\u{1B}]0;ti", at: 1_000)
        #expect(painter.ownLine("ready", lineEnd: "\n").isEmpty)
        #expect(String(decoding: Self.around(&painter, "tle\u{07}", at: 1_100), as: UTF8.self) == "ready\n")
        #expect(painter.ownLine("end", lineEnd: "\n") == Array("end\n".utf8))
        #expect(painter.lastLines().isEmpty)
    }

    /// The bare run leaves the sequence for the next program's bytes; so does loadwrap.
    @Test func nothingIsAppendedWhenTheOutputEndsInsideASequence() {
        var painter = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 1_000, delayMS: 0, columns: 80),
                              indicator: true)
        _ = painter.frame(nowMS: 1_000, view: TerminalView())
        _ = Self.around(&painter, "\u{1B}[", at: 1_200)
        #expect(painter.end(failed: true).isEmpty, "the line was erased before the chunk; the indicator waits")
        #expect(painter.ownLine("end", lineEnd: "\n").isEmpty)
        #expect(painter.lastLines().isEmpty)
        #expect(painter.removeIndicator().isEmpty)
        #expect(painter.outputUnfinished)
    }
}
