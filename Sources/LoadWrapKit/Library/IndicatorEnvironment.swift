/// What the process environment says about how a `LoadIndicator` may draw: colour, charset,
/// and whether the terminal understands cursor movement at all.
struct IndicatorEnvironment: Sendable {
    /// Whether to colour the frame and the elapsed time.
    var color: Bool
    /// Whether the terminal takes UTF-8; otherwise ASCII frames and ellipsis.
    var utf8: Bool
    /// True for `TERM=dumb`: no carriage-return redraws or escapes, so nothing is drawn.
    var dumbTerminal: Bool

    /// Reads the variables of the running process.
    static func current() -> IndicatorEnvironment {
        from { name in getenv(name).map { String(cString: $0) } }
    }

    /// Reads the variables through `lookup`, so tests need not touch the process environment.
    ///
    /// `NO_COLOR` set and non-empty makes the line monochrome but still drawn (no-color.org).
    /// The charset is the effective `LC_CTYPE`: the first non-empty of `LC_ALL`, `LC_CTYPE`,
    /// `LANG` (POSIX precedence); with none set the locale is POSIX, which is ASCII.
    static func from(_ lookup: (String) -> String?) -> IndicatorEnvironment {
        let dumb = lookup("TERM") == "dumb"
        let noColor = !(lookup("NO_COLOR") ?? "").isEmpty
        let locale = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap(lookup).first { !$0.isEmpty }
        let lowered = locale?.lowercased() ?? ""
        return IndicatorEnvironment(
            color: !dumb && !noColor,
            utf8: lowered.contains("utf-8") || lowered.contains("utf8"),
            dumbTerminal: dumb)
    }
}
