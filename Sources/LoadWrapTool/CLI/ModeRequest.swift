/// The mode asked for with `--mode`; `auto` lets `ModeChoice` decide from the terminal and environment.
enum ModeRequest: String, CaseIterable, Sendable {
    /// Decide from stderr, `TERM` and CI detection.
    case auto
    /// Animated spinner on the terminal, whatever the environment.
    case overlay
    /// Start, heartbeat and end lines with no escape bytes.
    case plain
    /// Nothing of loadwrap's own is written.
    case silent
}
