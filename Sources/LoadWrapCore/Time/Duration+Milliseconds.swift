extension Duration {
    /// The duration in whole milliseconds, truncated toward zero and clamped to `Int`'s range: the
    /// unit the render core counts in.
    package var wholeMilliseconds: Int {
        let (seconds, attoseconds) = components
        let (ms, overflow) = Int(clamping: seconds).multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? .min : .max }
        // 10^15 attoseconds make a millisecond; both components carry the duration's sign.
        let (sum, overflowAgain) = ms.addingReportingOverflow(Int(attoseconds / 1_000_000_000_000_000))
        return overflowAgain ? (seconds < 0 ? .min : .max) : sum
    }
}
