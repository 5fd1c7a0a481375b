/// What the real terminal allows at one moment, read by the effectful side before each decision
/// of the `Painter`, so the decision itself stays a pure function of its inputs.
package struct TerminalView: Equatable, Sendable {
    /// True when nothing of the terminal's keeps the line away.
    package var allowsDrawing: Bool { foreground && modesAllowDrawing && consumerCaughtUp && hasTurn }

    /// loadwrap's process group has the terminal's foreground (not a background job, not a shell inside).
    var foreground = true
    /// Nobody has switched off echo or canonical mode (a pager, an editor, a password prompt).
    var modesAllowDrawing = true
    /// The other side of a shared pipe has read everything loadwrap handed it (guest only).
    var consumerCaughtUp = true
    /// No other loadwrap on the same terminal is writing there (its turn; see the tool's `TerminalTurn`).
    package var hasTurn = true

    package init(foreground: Bool = true, modesAllowDrawing: Bool = true, consumerCaughtUp: Bool = true, hasTurn: Bool = true) {
        (self.foreground, self.modesAllowDrawing, self.consumerCaughtUp) = (foreground, modesAllowDrawing, consumerCaughtUp)
        self.hasTurn = hasTurn
    }
}
