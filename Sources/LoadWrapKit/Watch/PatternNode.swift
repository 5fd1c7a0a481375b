/// A pattern of the subset the line automaton handles: ASCII literals, classes, `.`, `\d \w \s`
/// and their negations, groups, alternation, the quantifiers `* + ? {m,n}` (lazy or greedy), `^`
/// and `$`. It only says which lines may match; Regex still finds the match and its groups.
indirect enum PatternNode: Equatable {
    /// One Character from the set.
    case atom(SymbolSet)
    /// The parts one after another.
    case sequence([PatternNode])
    /// Any one of the branches.
    case alternation([PatternNode])
    /// The node `min` to `max` times (nil: no limit).
    case repetition(PatternNode, min: Int, max: Int?)
    /// `^`: the start of the line.
    case lineStart
    /// `$`: the end of the line.
    case lineEnd

    /// The longest run of bytes every match contains, or an empty array when none is known: the
    /// literal found with memmem before any line is looked at.
    var requiredBytes: [UInt8] {
        switch self {
        case .atom(let set): return set.single.map { [$0] } ?? []
        case .repetition(let node, let min, _): return min > 0 ? node.requiredBytes : []
        case .alternation, .lineStart, .lineEnd: return []
        case .sequence(let parts): return Self.longestRun(in: parts)
        }
    }

    /// The longest of the runs of single characters in `parts` and of what each part requires.
    private static func longestRun(in parts: [PatternNode]) -> [UInt8] {
        var best: [UInt8] = []
        var run: [UInt8] = []
        for part in parts {
            if case .atom(let set) = part, let byte = set.single {
                run.append(byte)
                continue
            }
            if run.count > best.count { best = run }
            run = []
            if case .lineStart = part { continue }
            if case .lineEnd = part { continue }
            let inner = part.requiredBytes
            if inner.count > best.count { best = inner }
        }
        return run.count > best.count ? run : best
    }
}
