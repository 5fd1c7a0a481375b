/// How loadwrap shows itself for one run, decided once at start.
enum Mode: Sendable {
    /// Animated spinner on the terminal's last line.
    case overlay
    /// Start, heartbeat and end lines; not one escape byte.
    case plain
    /// Nothing of loadwrap's own; the command runs as if bare.
    case silent
}
