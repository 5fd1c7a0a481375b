import LoadWrapTestSupport

/// Random `--until` / `--progress-from` patterns from the syntax `PatternParser` reads (plus a few
/// it refuses), and random lines of ASCII, UTF-8, escapes, controls and canonical twins of ASCII.
struct WatchCaseGenerator {
    /// The random source; a seed fixes every case.
    var random: SplitMix64

    /// Single atoms of the subset, and some outside it (lookahead, `\b`, flags, backreference).
    private static let atoms = [
        "a", "b", "x", "K", ";", "`", " ", "1", "/", "%", "-", "\\.", "\\/", "\\%", "\\-", ".", "\\d", "\\w",
        "\\s", "\\D", "\\W", "\\S", "[ab]", "[^a]", "[0-9]", "[a-c1]", "[-a]", "[a-]", "[K;]", "[^K]", "[\\d/]",
        "[A-Z]", "\\t", "^", "$", "(?=a)", "\\b", "(?i)a", "(a)\\1", "a++", "[[:alpha:]]", "é",
    ]
    /// Quantifiers, greedy and lazy.
    private static let quantifiers = ["*", "+", "?", "{2}", "{1,3}", "{0,2}", "{2,}", "{,2}", "*?", "+?"]
    /// Pieces of lines.
    private static let pieces = [
        "a", "b", "x", "K", ";", "`", " ", "1", "23", "/", "%", "-", ".", "ab", "aaaa", "é", "e\u{301}",
        "\u{212A}", "\u{37E}", "\u{1FEF}", "٣", "🙂", "\t", "\u{7}", "\u{1B}[31m", "\u{1B}[0m", "\u{2028}",
        "\u{85}", "\u{202E}", "\u{7F}", "A", "Z", "_",
    ]

    /// A pattern of up to `depth` nested groups.
    mutating func pattern(depth: Int = 2) -> String {
        var branches: [String] = []
        repeat {
            branches.append((0..<random.int(1...4)).map { _ in quantified(depth: depth) }.joined())
        } while branches.count < 3 && random.chance(20)
        return branches.joined(separator: "|")
    }

    /// An atom or group, quantified half the time.
    private mutating func quantified(depth: Int) -> String {
        var atom = random.pick(Self.atoms)
        if depth > 0 && random.chance(25) {
            let opener = random.pick(["(", "(?:", "(?<g>"])
            atom = opener + pattern(depth: depth - 1) + ")"
        }
        return atom + (random.chance(40) ? random.pick(Self.quantifiers) : "")
    }

    /// A `--progress-from` pattern: the named groups inside random context.
    mutating func progressPattern() -> String {
        let core = random.pick([
            "(?<pct>[0-9]+)%", "(?<pct>\\d+(?:\\.\\d+)?)%", "(?<done>[0-9]+)/(?<total>[0-9]+)",
            "(?<done>\\d+) ?/ ?(?<total>\\d+)", "\\[(?<done>\\d+)/(?<total>\\d+)\\]",
        ])
        let before = random.chance(50) ? quantified(depth: 1) : ""
        let after = random.chance(50) ? quantified(depth: 1) : ""
        return before + core + after
    }

    /// Pieces of printable ASCII: chunks of only these take the literal's memmem path.
    private static let plainPieces = pieces.filter { $0.utf8.allSatisfy { (0x20...0x7E).contains($0) } }

    /// A line of up to `length` pieces, without LF or CR; of printable ASCII only when `plain`.
    mutating func line(length: Int = 12, plain: Bool = false) -> String {
        (0..<random.int(0...length)).map { _ in random.pick(plain ? Self.plainPieces : Self.pieces) }.joined()
    }
}
