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

extension PatternNode {
    /// The pattern cut around the longest run of single characters at its top level: every match
    /// is `prefix`, then `literal`, then `suffix`. Nil when there is no such run, or an anchor
    /// would lose its meaning (`^` after the run, `$` before it).
    var split: (prefix: [PatternNode], literal: [UInt8], suffix: [PatternNode])? {
        guard case .sequence(let parts) = self else { return nil }
        var best = 0..<0
        var start = 0
        for (index, part) in parts.enumerated() {
            if case .atom(let set) = part, set.single != nil {
                if index + 1 - start > best.count { best = start..<(index + 1) }
            } else {
                start = index + 1
            }
        }
        guard !best.isEmpty else { return nil }
        let prefix = Array(parts[..<best.lowerBound])
        let suffix = Array(parts[best.upperBound...])
        guard !prefix.contains(where: { $0.contains(.lineEnd) }), !suffix.contains(where: { $0.contains(.lineStart) }) else {
            return nil
        }
        let literal = parts[best].compactMap { if case .atom(let set) = $0 { set.single } else { nil } }
        return (prefix, literal, suffix)
    }

    /// The pattern read backwards: what matches the reversed text.
    var reversed: PatternNode {
        switch self {
        case .atom: return self
        case .sequence(let parts): return .sequence(parts.reversed().map(\.reversed))
        case .alternation(let branches): return .alternation(branches.map(\.reversed))
        case .repetition(let node, let min, let max): return .repetition(node.reversed, min: min, max: max)
        case .lineStart: return .lineEnd
        case .lineEnd: return .lineStart
        }
    }

    /// Whether `anchor` appears anywhere in the pattern.
    func contains(_ anchor: PatternNode) -> Bool {
        switch self {
        case .atom: return false
        case .lineStart, .lineEnd: return self == anchor
        case .sequence(let parts), .alternation(let parts): return parts.contains { $0.contains(anchor) }
        case .repetition(let node, _, _): return node.contains(anchor)
        }
    }
}
