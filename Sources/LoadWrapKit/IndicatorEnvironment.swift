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

    /// The variables the rules below read.
    static let variables = ["TERM", "NO_COLOR", "LC_ALL", "LC_CTYPE", "LANG"]

    /// Reads the variables of the running process.
    static func current() -> IndicatorEnvironment {
        from(EnvironmentReader.read(variables))
    }

    /// Applies the tool's rules to `environment`: `NO_COLOR` makes the line monochrome but still
    /// drawn, the charset is the effective `LC_CTYPE`, and `TERM=dumb` draws nothing.
    static func from(_ environment: [String: String]) -> IndicatorEnvironment {
        IndicatorEnvironment(
            color: ColorEnvironment.allowsColor(environment),
            utf8: LocaleCheck.isUTF8(environment),
            dumbTerminal: environment["TERM"] == "dumb")
    }
}
