/// The subset construction for `LineAutomaton`: each state is the set of NFA states a line can
/// be in, with the start states added at every position, so a match may begin anywhere.
struct LineAutomatonBuilder {
    /// What `LineAutomaton` keeps.
    struct Tables {
        /// 256 entries per state: the next state for each byte, or an outcome.
        var byteNext: [Int32] = []
        /// The next state on the `other` symbol, per state.
        var otherNext: [Int32] = []
        /// Whether the state may match at the end of the line.
        var acceptsAtEnd: [Bool] = []
        /// The state at the start of a line, or an outcome.
        var start: Int32 = 0
        /// Whether an empty text matches (a line that sanitising empties): `$^` does.
        var emptyMatches = false
    }

    /// The automaton whose state sets become states.
    private let nfa: PatternNFA
    /// What is added after every symbol: a match may start at any position but the first.
    private let restart: [Int]
    /// The NFA state sets found so far, by their number.
    private var sets: [[Int]] = []
    /// The number of each NFA state set.
    private var numbers: [[Int]: Int32] = [:]

    /// A builder over `nfa`.
    init(_ nfa: PatternNFA) {
        self.nfa = nfa
        restart = nfa.closure(of: [nfa.start], atStart: false)
    }

    /// The tables, or nil when they need more than `limit` states.
    func build(limit: Int) -> Tables? {
        var builder = self
        var tables = Tables()
        tables.start = builder.number(of: nfa.closure(of: [nfa.start], atStart: true))
        tables.emptyMatches = builder.accepts(nfa.closure(of: [nfa.start], atStart: true, atEnd: true))
        var done = 0
        while done < builder.sets.count {
            guard builder.sets.count <= limit else { return nil }
            let set = builder.sets[done]
            var row = [Int32](repeating: LineAutomaton.undecided, count: 256)
            for byte in 0x20...0x7E { row[byte] = builder.number(of: builder.step(set, on: byte)) }
            row[0x0A] = LineAutomaton.lineBreak
            row[0x0D] = LineAutomaton.lineBreak
            tables.byteNext += row
            tables.otherNext.append(builder.number(of: builder.step(set, on: SymbolSet.otherSymbol)))
            tables.acceptsAtEnd.append(builder.acceptsAtEnd(set))
            done += 1
        }
        return builder.sets.count <= limit ? tables : nil
    }

    /// The NFA states after reading `symbol` in `set`, with the restart states.
    private func step(_ set: [Int], on symbol: Int) -> [Int] {
        var targets: [Int] = []
        for index in set {
            if case .read(let symbols, let next) = nfa.states[index], symbols.contains(symbol) { targets.append(next) }
        }
        return Array(Set(nfa.closure(of: targets, atStart: false) + restart)).sorted()
    }

    /// Whether a line that ends in `set` matches: a `$` in it leads to the accepting state.
    private func acceptsAtEnd(_ set: [Int]) -> Bool {
        accepts(nfa.closure(of: set, atStart: false, atEnd: true))
    }

    /// Whether `set` holds the accepting state.
    private func accepts(_ set: [Int]) -> Bool {
        set.contains { if case .accept = nfa.states[$0] { true } else { false } }
    }

    /// The number of `set`, added when new; an outcome when it accepts or is empty.
    private mutating func number(of set: [Int]) -> Int32 {
        if accepts(set) { return LineAutomaton.matched }
        if set.isEmpty { return LineAutomaton.dead }
        if let number = numbers[set] { return number }
        sets.append(set)
        numbers[set] = Int32(sets.count - 1)
        return Int32(sets.count - 1)
    }
}
