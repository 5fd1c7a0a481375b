import LoadWrapCore

/// What the process environment says about how a `LoadIndicator` may draw: colour, charset,
/// and whether the terminal understands cursor movement at all.
struct IndicatorEnvironment: Sendable {
    /// Whether to colour the frame and the elapsed time.
    var color: Bool
    /// Whether the terminal takes UTF-8; otherwise ASCII frames and ellipsis.
    var utf8: Bool
    /// True for `TERM=dumb`: no carriage-return redraws or escapes, so nothing is drawn.
    var dumbTerminal: Bool
    /// Where held output spills once past its memory limit (`HeldOutput`).
    var temporaryDirectory = "/tmp"

    /// The variables the rules below read.
    static let variables = ["TERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG", "TMPDIR"]

    /// Reads the variables of the running process.
    static func current() -> IndicatorEnvironment {
        from(EnvironmentReader.read(variables))
    }

    /// Applies the tool's rules to `environment`: `NO_COLOR` makes the line monochrome but still
    /// drawn, the charset is the effective `LC_CTYPE`, `TERM=dumb` draws nothing, and held output
    /// spills into `$TMPDIR`, else `/tmp`.
    static func from(_ environment: [String: String]) -> IndicatorEnvironment {
        IndicatorEnvironment(
            color: ColorEnvironment.allowsColor(environment),
            utf8: LocaleCheck.isUTF8(environment),
            dumbTerminal: environment["TERM"] == "dumb",
            temporaryDirectory: HeldOutput.temporaryDirectory(environment["TMPDIR"]))
    }
}
