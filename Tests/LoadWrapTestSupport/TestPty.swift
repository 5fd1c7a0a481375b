import CPtyTestSupport

/// A fresh pseudo-terminal for a test: both sides close-on-exec, neither this process's
/// controlling terminal. Whoever opens it closes both sides (a test may close one early).
package struct TestPty {
    /// The terminal emulator's side: what is written to the secondary is read here.
    package let primary: Int32
    /// The side a program takes as its terminal.
    package let secondary: Int32

    /// Opens a pair whose window is `rows` × `columns`.
    package init(rows: UInt16 = 24, columns: UInt16 = 80) throws {
        var (primary, secondary): (Int32, Int32) = (-1, -1)
        guard ptyts_open(&primary, &secondary, rows, columns) == 0 else { throw HarnessError("openpty") }
        (self.primary, self.secondary) = (primary, secondary)
    }
}
