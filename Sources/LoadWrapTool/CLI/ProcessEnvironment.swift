import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
import LoadWrapTimeline

/// The process environment loadwrap reads, as a dictionary for the pure functions that decide
/// modes, colours and charsets (tests hand them their own). The command line owns the list, as
/// it knows every layer that reads one.
enum ProcessEnvironment {
    /// Every variable loadwrap consults; the options' defaults (`LOADWRAP_MODE`,
    /// `LOADWRAP_HISTORY`, …) come from `OptionSpec`.
    static let names = CIDetector.variables + [
        "TERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG", "TMPDIR", "XDG_RUNTIME_DIR", ControlChannel.variable,
        SiblingBlocks.logVariable, "XDG_STATE_HOME", "HOME", JobSummary.variable, TraceParent.variable,
        TraceParent.recordingVariable,
    ] + TerminalFeatures.variables + OptionSpec.all.compactMap { $0.environment }

    /// The variables in `names` as they were at first use, read once for the whole run and only
    /// when something needs them (`--version` and `--help` do not).
    static let snapshot = EnvironmentReader.read(names)
}
