/// Finds the name a user probably meant, for "Did you mean …?" in usage errors.
enum Suggestion {
    /// The largest edit distance still offered as a suggestion.
    static let maxDistance = 2

    /// The candidate nearest to `word` by edit distance (at most `maxDistance`, first on ties), else
    /// the only candidate that starts with `word`, else nil.
    static func closest(to word: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, candidate)
            if distance <= maxDistance, distance < (best?.distance ?? Int.max) {
                best = (candidate, distance)
            }
        }
        if let best { return best.name }
        let extensions = candidates.filter { $0.hasPrefix(word) }
        return extensions.count == 1 ? extensions[0] : nil
    }

    /// Insertions, deletions, substitutions and adjacent swaps needed to turn `a` into `b`
    /// (optimal string alignment), so `--tilte` is one step from `--title`.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var d = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d = min(d, rows[i - 2][j - 2] + 1)
                }
                rows[i][j] = d
            }
        }
        return rows[a.count][b.count]
    }
}
