import Testing

import LoadWrapTestSupport
@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapProcess
@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Overlay mode's exact bytes, written to a pipe the test reads, on a manual clock: a fresh
/// pseudo-terminal stands in for the terminal whose state decides what may be drawn.
@Suite struct OverlayPresenterTests {
    /// A presenter for a run titled `work` started at 1000 ms with a 200 ms delay, frames `a` and
    /// `b` every 100 ms, ASCII end lines without colour.
    final class Rig {
        let clock = ManualClock(startMS: 1_000)
        let presenter: OverlayPresenter
        /// The pseudo-terminal's two sides (the secondary is the terminal, 40 columns wide).
        private let primary: Int32
        private let secondary: Int32
        /// Where the presenter writes.
        private let destination = TestPipe()

        init(quiet: Bool = false) throws {
            let pty = try TestPty(rows: 24, columns: 40)
            (primary, secondary) = (pty.primary, pty.secondary)
            let terminal = try #require(TerminalDevice(fd: secondary))
            let look = Overlay.Look(style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: false)
            let overlay = Overlay(look: look, title: "work", startMS: 1_000, delayMS: 200, columns: 40)
            let text = ReportText(lines: ReportLines(utf8: false, color: false), result: .always, title: "work")
            let screen = OverlayPresenter.Screen(terminal: terminal, modes: ModeWatch(fd: secondary, rule: .unchangedSinceStart),
                                                 sharedPipe: nil, destination: destination.writeEnd)
            presenter = OverlayPresenter(
                painter: Painter(overlay: overlay), screen: screen, text: text,
                held: quiet ? HeldOutput(directory: "/tmp") : nil, clock: clock)
        }

        deinit {
            close(primary)
            close(secondary)
        }

        /// What was written since the last call.
        func screen() -> String {
            destination.take()
        }

        /// The clock at `ms`, and the event loop's tick.
        func tick(at ms: Int) {
            clock.advance(by: ms - clock.nowMS())
            presenter.tick()
        }

        /// The command's terminal output `text` at `ms`.
        func output(_ text: String, at ms: Int) {
            clock.advance(by: ms - clock.nowMS())
            #expect(Array(text.utf8).withUnsafeBytes { presenter.output($0) })
        }
    }

    static let hide = "\u{1B}[?25l"
    static let show = "\u{1B}[?25h"
    static let erase = "\r\u{1B}[K"

    /// The line `text` drawn at a line's start, autowrap off while it is.
    static func line(_ text: String) -> String {
        "\r\u{1B}[?7l" + text + "\u{1B}[K\u{1B}[?7h\r"
    }

    @Test func nothingBeforeTheDelayThenTheFirstFrame() throws {
        let rig = try Rig()
        rig.presenter.started()
        #expect(rig.presenter.deadlineMS == 1_200)
        rig.tick(at: 1_100)
        #expect(rig.screen() == "")
        rig.tick(at: 1_200)
        #expect(rig.screen() == Self.hide + Self.line("a work 0s"))
    }

    @Test func aChunkGoesBetweenTheEraseAndTheLine() throws {
        let rig = try Rig()
        rig.tick(at: 1_200)
        _ = rig.screen()
        rig.output("compiling a.c\n", at: 1_210)
        // Not a frame yet: the line comes back as it was.
        #expect(rig.screen() == Self.erase + Self.show + "compiling a.c\n" + Self.hide + Self.line("a work 0s"))
        rig.output("50%", at: 1_220)
        // A partial line: the spinner stays away until the line ends.
        #expect(rig.screen() == Self.erase + Self.show + "50%")
    }

    @Test func aFrameAdvancesTheAnimation() throws {
        let rig = try Rig()
        rig.tick(at: 1_200)
        _ = rig.screen()
        rig.tick(at: 1_250)
        #expect(rig.screen() == "")
        #expect(rig.presenter.deadlineMS == 1_300)
        rig.tick(at: 1_300)
        #expect(rig.screen() == Self.line("b work 0s"))
        rig.tick(at: 2_200)
        #expect(rig.screen() == Self.line("a work 1s"))
    }

    @Test func suspendTakesTheLineAwayUntilResumed() throws {
        let rig = try Rig()
        rig.tick(at: 1_200)
        _ = rig.screen()
        rig.presenter.suspend()
        #expect(rig.screen() == Self.erase + Self.show)
        rig.tick(at: 1_300)
        #expect(rig.screen() == "")
        rig.presenter.resume()
        #expect(rig.screen() == "")
        rig.tick(at: 1_400)
        #expect(rig.screen() == Self.hide + Self.line("a work 0s"))
    }

    @Test func finishedErasesThenWritesTheEndLine() throws {
        let rig = try Rig()
        rig.tick(at: 1_200)
        rig.output("50%", at: 1_300)
        _ = rig.screen()
        rig.presenter.finished(.ended(.exited(0)), elapsedMS: 1_500, afterEarlyStop: false)
        // The line is gone already (the partial line keeps it away); the end line starts a line of its own.
        #expect(rig.screen() == "\nOK work - 1.5s\n")
    }

    @Test func finishedAfterAFrame() throws {
        let rig = try Rig()
        rig.tick(at: 1_200)
        _ = rig.screen()
        rig.presenter.finished(.ended(.exited(2)), elapsedMS: 2_000, afterEarlyStop: false)
        #expect(rig.screen() == Self.erase + Self.show + "FAIL work - exit 2 - 2.0s\n")
    }

    @Test func quietHoldsTheOutputAndReplaysItOnlyOnFailure() throws {
        let failed = try Rig(quiet: true)
        failed.tick(at: 1_200)
        _ = failed.screen()
        failed.output("error: a.c:1\n", at: 1_250)
        #expect(failed.screen() == "")
        failed.presenter.finished(.ended(.exited(1)), elapsedMS: 500, afterEarlyStop: false)
        #expect(failed.screen() == Self.erase + Self.show + "error: a.c:1\nFAIL work - exit 1 - 0.5s\n")

        let succeeded = try Rig(quiet: true)
        succeeded.output("all good\n", at: 1_050)
        succeeded.presenter.finished(.ended(.exited(0)), elapsedMS: 100, afterEarlyStop: false)
        #expect(succeeded.screen() == "OK work - 0.1s\n")
    }
}
