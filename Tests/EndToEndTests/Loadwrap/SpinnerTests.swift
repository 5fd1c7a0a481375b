import Foundation
import Testing

/// The spinner is really there while the command runs, and the terminal is given back whole.
@Suite struct SpinnerTests {
    @Test func spinnerAnimatesWithTitleMidRun() throws {
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "sleep", "2"]))
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.frames(in: $0).count >= 2 }, "fewer than two different frames: \(session.outputText.debugDescription)")
        let titled = session.waitFor { bytes in
            var screen = Screen()
            screen.feed(bytes)
            return (0..<screen.rows).map(screen.text(ofRow:)).contains { row in
                row.contains("sleep 2") && row.contains(where: { Loadwrap.dotsFrames.contains($0) })
            }
        }
        #expect(titled, "no screen row shows a frame and the title 'sleep 2': \(session.outputText.debugDescription)")
        #expect(session.waitForExit() == .exited(0))
    }

    @Test func cursorIsVisibleAfterwards() throws {
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "echo working; sleep 0.5"]))
        #expect(run.termination == .exited(0))
        let text = String(decoding: run.output, as: UTF8.self)
        let hide = text.range(of: "\u{1B}[?25l", options: .backwards)
        let show = text.range(of: "\u{1B}[?25h", options: .backwards)
        #expect(hide != nil, "the cursor was never hidden: was the spinner drawn?")
        if let hide {
            #expect(show.map { $0.lowerBound > hide.lowerBound } == true, "no ESC[?25h after the last ESC[?25l")
        }
        let screen = run.screen()
        let cursorVisible = screen.cursorVisible
        #expect(cursorVisible)
        #expect(screen.snapshot.trimmedText == "working")
        #expect((screen.row, screen.col) == (1, 0))
    }

    @Test func noTerminalQueries() throws {
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "echo a; sleep 0.3; echo b"]))
        #expect(run.termination == .exited(0))
        #expect(run.screen().queries == [], "a query's reply would leak into the user's input")
    }

    @Test func nothingDrawnForAQuickCommand() throws {
        let run = try PtySession.run(Loadwrap.command(["--delay", "5s", "--", "echo", "quick"]))
        #expect(run.termination == .exited(0))
        #expect(run.output == Array("quick\r\n".utf8))
    }
}
