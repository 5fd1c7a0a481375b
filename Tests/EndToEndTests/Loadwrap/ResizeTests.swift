import Foundation
import Testing

/// A resized terminal: the command sees the new size (its own pty is resized, it gets SIGWINCH).
@Suite struct ResizeTests {
    @Test func commandSeesTheNewSize() throws {
        // fd 3 is the command's stdout: inside $(...) fd 1 is the substitution's pipe.
        let script = "exec 3>&1; trap 'echo size $(stty size <&3)' WINCH; echo size $(stty size <&3); while :; do sleep 0.05; done"
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]))
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "size 24 80"))
        #expect(session.waitFor { !Loadwrap.frames(in: $0).isEmpty })
        session.resize(rows: 30, cols: 100)
        #expect(session.waitForOutput(containing: "size 30 100"), "\(session.outputText.debugDescription)")
        session.resize(rows: 20, cols: 40)
        #expect(session.waitForOutput(containing: "size 20 40"), "\(session.outputText.debugDescription)")
        session.terminate()
    }

    @Test func spinnerLineIsRecutToTheNewWidth() throws {
        let title = String(repeating: "t", count: 70)
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--title", title, "--", "sleep", "30"]))
        defer { session.terminate() }
        #expect(session.waitFor { !Loadwrap.frames(in: $0).isEmpty })
        session.resize(rows: 24, cols: 40)
        let offset = session.output.count
        // Every line drawn after the resize must fit in 40 columns: a 40-column screen fed only
        // the new bytes must never soft-wrap.
        #expect(session.waitFor { !Loadwrap.frames(in: $0.dropFirst(offset)).isEmpty })
        session.terminate()
        _ = session.waitForExit()
        var screen = Screen(rows: 24, cols: 40)
        screen.feed(Array(session.output.dropFirst(offset)))
        #expect(!screen.snapshot.lines.contains { $0.wrapped }, "\(screen.snapshot)")
    }
}
