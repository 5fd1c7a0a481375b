#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment loadwrap reads, as a dictionary for the pure functions that decide
/// modes, colours and charsets (tests hand them their own).
enum ProcessEnvironment {
    /// Every variable loadwrap consults. Read one by one with `getenv` rather than by walking the
    /// whole environment into Swift strings, which cost more than the rest of start-up together.
    /// The options' defaults (`LOADWRAP_MODE`, `LOADWRAP_HISTORY`, …) come from `OptionSpec`.
    static let names = CIDetector.variables + [
        "TERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG", "TMPDIR", "XDG_RUNTIME_DIR", ControlChannel.variable,
        "XDG_STATE_HOME", "HOME", JobSummary.variable,
    ] + TerminalFeatures.variables + OptionSpec.all.compactMap { $0.environment }

    /// The variables in `names` as they were at first use, read once for the whole run and only
    /// when something needs them (`--version` and `--help` do not).
    static let snapshot = current()

    /// The variables in `names` that are set.
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        for name in names {
            if let value = getenv(name) { result[name] = String(cString: value) }
        }
        return result
    }
}
