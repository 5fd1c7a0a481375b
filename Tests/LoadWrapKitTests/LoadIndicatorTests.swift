import Dispatch
import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit

/// Exact bytes of a `LoadIndicator` over a manual clock and an in-memory terminal.
@Suite struct LoadIndicatorTests {
    let sink = LoadIndicatorOutput.Memory(columns: 80)
    let clock = ManualClock()

    @Test func initDrawsNothing() {
        _ = Fixture.indicator(sink: sink, clock: clock)
        #expect(sink.bytes.isEmpty)
    }

    @Test func startHidesTheCursorAndDrawsTheFirstFrame() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
        indicator.stop()
    }

    @Test func tickAfterOneIntervalDrawsTheNextFrame() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        clock.advance(by: 79)
        indicator.tick()
        #expect(sink.take().isEmpty)  // not yet due: at most one draw per interval
        clock.advance(by: 1)
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠙ Build 0s"))
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠹ Build 0s"))
        indicator.stop()
    }

    @Test func stopErasesAndShowsTheCursorOnce() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        indicator.stop()
        #expect(sink.take() == Fixture.erase)
        indicator.stop()
        indicator.tick()
        #expect(sink.take().isEmpty)
    }

    @Test func secondStartIsANoOp() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        clock.advance(by: 80)
        indicator.start()
        #expect(sink.take().isEmpty)
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠙ Build 0s"))  // the animation went on, not restarted
        indicator.stop()
    }

    @Test func startAfterStopBeginsAgain() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        clock.advance(by: 2_000)
        indicator.stop()
        _ = sink.take()
        indicator.start()
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
        indicator.stop()
    }

    @Test func stopBeforeTheDelayWritesNothing() {
        let indicator = Fixture.indicator(delay: .milliseconds(100), sink: sink, clock: clock)
        indicator.start()
        clock.advance(by: 99)
        indicator.tick()
        indicator.stop()
        #expect(sink.bytes.isEmpty)
    }

    @Test func lineAppearsWhenTheDelayHasPassed() {
        let indicator = Fixture.indicator(delay: .milliseconds(100), sink: sink, clock: clock)
        indicator.start()
        clock.advance(by: 1_100)
        indicator.tick()
        // Elapsed time counts from start(), not from the first draw.
        #expect(sink.take() == Fixture.firstDraw("⠸ Build 1s"))  // frame 1100 / 80 = 13, 13 % 10 = 3
        indicator.stop()
        #expect(sink.take() == Fixture.erase)
    }

    @Test func titleChangeShowsAtTheNextFrameWithEscapesStripped() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        indicator.title = "\u{1B}[31mLinking\u{1B}[0m\u{07} app"
        #expect(sink.bytes.isEmpty)  // nothing until the next frame
        #expect(indicator.title == "Linking app")
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠋ Linking app 0s"))
        indicator.stop()
    }

    @Test func aTitleGivenAtCreationIsDrawnWithoutItsEscapes() {
        let indicator = Fixture.indicator(title: "\u{1B}]52;c;aGk=\u{07}\u{1B}[2JBuild\u{9B}1m", sink: sink, clock: clock)
        #expect(indicator.title == "Build")
        indicator.start()
        // Only the overlay's own escapes: hide the cursor, erase to the end of the line.
        #expect(sink.take() == Fixture.firstDraw("⠋ Build 0s"))
        indicator.stop()
    }

    @Test func titleSetWhileStoppedIsUsedAtStart() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.title = "Fetching\r\nindex"
        #expect(sink.bytes.isEmpty)
        indicator.start()
        #expect(sink.take() == Fixture.firstDraw("⠋ Fetching  index 0s"))
        indicator.stop()
    }

    @Test func printAboveTheSpinnerIsEraseLineRedrawInOneWrite() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        clock.advance(by: 1_000)
        indicator.print("compiled main.swift")
        #expect(sink.take() == Fixture.erase + Fixture.bytes("compiled main.swift\n") + Fixture.firstDraw("⠹ Build 1s"))
        indicator.stop()
    }

    /// Printed within a frame of the last draw: the same frame goes back, and the next frame is
    /// still due on time.
    @Test func printSoonAfterADrawPutsTheSameFrameBack() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        clock.advance(by: 10)
        indicator.print("compiled main.swift")
        #expect(sink.take() == Fixture.erase + Fixture.bytes("compiled main.swift\n") + Fixture.firstDraw("⠋ Build 0s"))
        clock.advance(by: 70)
        indicator.tick()
        #expect(sink.text.contains("⠙ Build 0s"), "the next frame at 80 ms, as if nothing was printed")
        indicator.stop()
    }

    @Test func printWhileStoppedWritesJustTheLine() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.print("before")
        indicator.start()
        indicator.stop()
        _ = sink.take()
        indicator.print("after")
        #expect(sink.text == "after\n")
    }

    @Test func printBeforeTheDelayWritesJustTheLine() {
        let indicator = Fixture.indicator(delay: .milliseconds(100), sink: sink, clock: clock)
        indicator.start()
        indicator.print("early")
        #expect(sink.take() == Fixture.bytes("early\n"))
        indicator.stop()
    }

    @Test func nonTerminalGetsNoEscapeByteOnlyPrintedLines() {
        let file = LoadIndicatorOutput.Memory(columns: 80, isTerminal: false)
        let indicator = Fixture.indicator(sink: file, clock: clock)
        indicator.start()
        clock.advance(by: 500)
        indicator.tick()
        indicator.title = "other"
        indicator.tick()
        indicator.stop()
        #expect(file.bytes.isEmpty)
        indicator.run { indicator.print("result") }
        #expect(file.text == "result\n")
    }

    @Test func dumbTerminalGetsNothing() {
        let dumb = IndicatorEnvironment(color: false, utf8: false, dumbTerminal: true)
        let indicator = Fixture.indicator(sink: sink, clock: clock, environment: dumb)
        indicator.run { indicator.tick() }
        #expect(sink.bytes.isEmpty)
    }

    @Test func colourAndASCIIFallbackFollowTheEnvironment() {
        let asciiColour = IndicatorEnvironment(color: true, utf8: false, dumbTerminal: false)
        let indicator = Fixture.indicator(style: .dots, sink: sink, clock: clock, environment: asciiColour)
        #expect(indicator.style == .line)
        indicator.start()
        #expect(sink.take() == Fixture.firstDraw("\u{1B}[36m-\u{1B}[39m Build \u{1B}[2m0s\u{1B}[22m"))
        indicator.stop()
    }

    @Test func lineIsCutToTheWidth() {
        let narrow = LoadIndicatorOutput.Memory(columns: 23)  // the line takes half: 11 columns
        let indicator = Fixture.indicator(title: "Compiling everything", sink: narrow, clock: clock)
        indicator.start()
        #expect(narrow.take() == Fixture.firstDraw("⠋ Compi… 0s"))
        indicator.stop()
    }

    @Test func removeRestoresAndPreventsRestart() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        _ = sink.take()
        indicator.remove()
        #expect(sink.take() == Fixture.erase)
        indicator.start()
        #expect(sink.bytes.isEmpty)
    }

    @Test func releasingARunningIndicatorRestoresTheTerminal() {
        var indicator: LoadIndicator? = Fixture.indicator(sink: sink, clock: clock)
        indicator?.start()
        _ = sink.take()
        indicator = nil
        #expect(sink.take() == Fixture.erase)
    }
}

/// `LoadIndicator.progress`: the bar and figures on the line.
@Suite struct LoadIndicatorProgressTests {
    let sink = LoadIndicatorOutput.Memory(columns: 80)
    let clock = ManualClock()

    @Test func progressShowsAtTheNextFrameAndClears() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.progress = LoadProgress(done: 3, total: 10)
        indicator.start()
        // Half of 80 columns: 39 drawable, the bar 20 wide.
        #expect(sink.take() == Fixture.firstDraw("⠋ Build ━━━━━━────────────── 3/10 · 0s"))
        indicator.progress = nil
        clock.advance(by: 80)
        indicator.tick()
        #expect(sink.take() == Fixture.redraw("⠙ Build 0s"))
        #expect(indicator.progress == nil)
        indicator.stop()
    }
}
