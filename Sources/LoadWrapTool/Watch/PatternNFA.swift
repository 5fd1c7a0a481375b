/// A Thompson automaton for a `PatternNode` (Thompson, "Regular Expression Search Algorithm",
/// CACM 1968; Cox, "Regular Expression Matching Can Be Simple And Fast", 2007): states that read
/// one symbol or move without reading, so a line is matched in one pass without backtracking.
struct PatternNFA {
    /// One state of the automaton.
    enum State {
        /// Reads a symbol of the set, then goes to the state.
        case read(SymbolSet, Int)
        /// Goes to both states.
        case split(Int, Int)
        /// Goes on only at the start of the line.
        case lineStart(Int)
        /// Goes on only at the end of the line.
        case lineEnd(Int)
        /// The pattern has matched.
        case accept
    }

    /// The states; `start` is where matching begins.
    private(set) var states: [State] = [.accept]
    /// The entry state.
    private(set) var start = 0
    /// Most states: a bound on the work of building the deterministic automaton.
    private static let stateLimit = 2_000

    /// The automaton for `node`, or nil when it would exceed `stateLimit` states.
    init?(_ node: PatternNode) {
        guard let entry = compile(node, then: 0) else { return nil }
        start = entry
    }

    /// Adds the states for `node` followed by the state `next`; returns its entry state.
    private mutating func compile(_ node: PatternNode, then next: Int) -> Int? {
        guard states.count < Self.stateLimit else { return nil }
        switch node {
        case .atom(let set): return add(.read(set, next))
        case .lineStart: return add(.lineStart(next))
        case .lineEnd: return add(.lineEnd(next))
        case .sequence(let parts):
            var entry = next
            for part in parts.reversed() {
                guard let head = compile(part, then: entry) else { return nil }
                entry = head
            }
            return entry
        case .alternation(let branches):
            var entries: [Int] = []
            for branch in branches {
                guard let entry = compile(branch, then: next) else { return nil }
                entries.append(entry)
            }
            return entries.dropFirst().reduce(entries[0]) { add(.split($0, $1)) }
        case .repetition(let body, let min, let max):
            return repetition(body, min: min, max: max, then: next)
        }
    }

    /// `body` `min` times, then up to `max` more (a loop when unbounded), then `next`.
    private mutating func repetition(_ body: PatternNode, min: Int, max: Int?, then next: Int) -> Int? {
        var entry = next
        if let max {
            for _ in min..<max {
                guard let copy = compile(body, then: entry) else { return nil }
                entry = add(.split(copy, next))
            }
        } else {
            let loop = add(.split(next, next))
            guard let copy = compile(body, then: loop) else { return nil }
            states[loop] = .split(copy, next)
            entry = loop
        }
        for _ in 0..<min {
            guard let copy = compile(body, then: entry) else { return nil }
            entry = copy
        }
        return entry
    }

    /// Appends `state`; returns its index.
    private mutating func add(_ state: State) -> Int {
        states.append(state)
        return states.count - 1
    }

    /// The reading, line-end and accepting states reached from `seeds` without reading, sorted;
    /// `lineStart` states are passed only `atStart`, `lineEnd` ones only `atEnd` (else kept).
    func closure(of seeds: [Int], atStart: Bool, atEnd: Bool = false) -> [Int] {
        var seen = [Bool](repeating: false, count: states.count)
        var stack = seeds
        var result: [Int] = []
        while let index = stack.popLast() {
            guard !seen[index] else { continue }
            seen[index] = true
            switch states[index] {
            case .read, .accept: result.append(index)
            case .split(let a, let b): stack += [b, a]
            case .lineStart(let n): if atStart { stack.append(n) }
            case .lineEnd(let n): if atEnd { stack.append(n) } else { result.append(index) }
            }
        }
        return result.sorted()
    }
}
