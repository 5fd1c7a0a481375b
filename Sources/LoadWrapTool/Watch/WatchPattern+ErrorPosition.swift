extension WatchPattern {
    /// Closing brackets tried after a prefix; `>` ends a group name such as `(?<name`.
    private static let closers = [")", "]", ">"]
    /// Most closers tried after one prefix: each more costs three times the compilations.
    private static let closerDepth = 2

    /// The 1-based character position of the problem in `pattern`, which Regex rejects: just past
    /// the longest prefix that compiles as is or with a few closing brackets added. So `ab)`
    /// points at its `)`, and `(` or `[a`, which only lack a closing bracket, point past their end.
    ///
    /// Found by compiling prefixes because Regex's parse errors keep their location in non-public
    /// fields; only their description (the reason) is public.
    static func position(ofErrorIn pattern: String) -> Int {
        var end = pattern.endIndex
        // The empty prefix always compiles, so the scan stops at the start at the latest.
        while end > pattern.startIndex, !isCompletable(pattern[..<end]) {
            end = pattern.index(before: end)
        }
        return pattern.distance(from: pattern.startIndex, to: end) + 1
    }

    /// Whether `prefix` compiles as is, or followed by up to `closerDepth` closing brackets.
    private static func isCompletable(_ prefix: Substring) -> Bool {
        var candidates = [String(prefix)]
        for depth in 0...closerDepth {
            if candidates.contains(where: { (try? Regex<AnyRegexOutput>($0)) != nil }) { return true }
            if depth < closerDepth {
                candidates = candidates.flatMap { candidate in closers.map { candidate + $0 } }
            }
        }
        return false
    }
}
