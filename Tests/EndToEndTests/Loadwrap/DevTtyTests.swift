import Foundation
import Testing

/// stderr opened as `/dev/tty`, whose device number is the same for every session: each
/// loadwrap still knows its own terminal.
@Suite struct DevTtyTests {
    /// Two loadwraps drawing through `/dev/tty` on two different terminals both draw: neither
    /// takes the other for a loadwrap on its own terminal (one terminal lock for all, before).
    @Test func loadwrapsOnDifferentTerminalsThroughDevTtyBothDraw() throws {
        let start = #"exec "$0" --delay 0 -- sleep 30 2>/dev/tty"#
        let first = try PtySession(["sh", "-c", start, TestEnvironment.loadwrap])
        defer { first.terminate() }
        #expect(first.waitFor { !Loadwrap.frames(in: $0).isEmpty }, "the first loadwrap never drew")
        let second = try PtySession(["sh", "-c", start, TestEnvironment.loadwrap])
        defer { second.terminate() }
        #expect(second.waitFor { !Loadwrap.frames(in: $0).isEmpty },
                "the second loadwrap never drew: \(second.outputText.debugDescription)")
    }
}
