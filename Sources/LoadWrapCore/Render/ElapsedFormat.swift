/// Elapsed time as loadwrap writes it: seconds under a minute, then `5m00s`, then `1h02m`.
package enum ElapsedFormat {
    /// The spinner's form, a counter that ticks once a second: `0s`…`59s`, then as `minutes(ms:)`.
    static func seconds(ms: Int) -> String {
        let ms = max(0, ms)
        return ms < 60_000 ? "\(ms / 1000)s" : minutes(ms: ms)
    }

    /// The report's form, to the tenth under a minute (truncated): `12.4s`, then as `minutes(ms:)`.
    package static func tenths(ms: Int) -> String {
        let ms = max(0, ms)
        return ms < 60_000 ? "\(ms / 1000).\(ms % 1000 / 100)s" : minutes(ms: ms)
    }

    /// From a minute on, shared by both forms: `5m00s` under an hour, then `1h02m`.
    private static func minutes(ms: Int) -> String {
        let seconds = ms / 1000
        if seconds < 3600 { return "\(seconds / 60)m\(twoDigits(seconds % 60))s" }
        return "\(seconds / 3600)h\(twoDigits(seconds / 60 % 60))m"
    }

    /// `value` (0…59) with a leading zero, as in `1m05s`.
    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
