/// Reads DURATION values (`--delay`, `--heartbeat`, `--timeout`, `--kill-after`) as whole milliseconds.
enum DurationParser {
    /// Milliseconds in one of each accepted unit; a bare number is seconds.
    private static let unitMS: [String: Int] = ["ms": 1, "s": 1_000, "m": 60_000, "h": 3_600_000]

    /// Fraction digits beyond this many cannot move the result by a millisecond, so they are dropped
    /// to keep the arithmetic in `Int` (10^9 × 3,600,000 still fits).
    private static let maxFractionDigits = 9

    /// The longest duration loadwrap keeps: 100 years, longer than anything runs. Longer values are
    /// cut to it, so adding one to a clock reading can never overflow (which would crash loadwrap).
    static let longestMS = 100 * 365 * 86_400_000

    /// The duration `text` in milliseconds, rounded half up, or nil when it is not `250ms`, `1.5s`,
    /// `2m`, `1h` or a bare non-negative number of seconds, or when it overflows; at most `longestMS`.
    static func milliseconds(_ text: String) -> Int? {
        let number = text.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        let unit = String(text[number.endIndex...])
        guard let scale = unit.isEmpty ? 1_000 : unitMS[unit] else { return nil }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let whole = parts[0]
        let fraction = parts.count == 2 ? parts[1].prefix(maxFractionDigits) : ""
        guard !whole.isEmpty || !fraction.isEmpty else { return nil }
        return scaled(digits: whole + fraction, fractionDigits: fraction.count, by: scale).map { min($0, longestMS) }
    }

    /// `digits / 10^fractionDigits × scale`, rounded half up, or nil on overflow.
    private static func scaled(digits: Substring, fractionDigits: Int, by scale: Int) -> Int? {
        var value = 0
        for digit in digits {
            guard let d = digit.wholeNumberValue else { return nil }
            let (times10, o1) = value.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(d)
            guard !o1, !o2 else { return nil }
            value = sum
        }
        var divisor = 1
        for _ in 0..<fractionDigits { divisor *= 10 }
        let (product, o3) = value.multipliedReportingOverflow(by: scale)
        let (rounded, o4) = product.addingReportingOverflow(divisor / 2)
        guard !o3, !o4 else { return nil }
        // A duration above zero never rounds to 0, which would mean "off" for --heartbeat.
        return product > 0 ? max(1, rounded / divisor) : 0
    }
}
