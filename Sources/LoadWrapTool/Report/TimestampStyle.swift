/// How `--timestamps` stamps each line of a log: the `--timestamps` choices.
enum TimestampStyle: String, CaseIterable, Sendable {
    /// The time since the run started, `[   12.345s] `, as moreutils `ts -s` (the default).
    case elapsed
    /// The UTC time the line began, `2026-12-02T14:30:05.123Z `.
    case utc
}
