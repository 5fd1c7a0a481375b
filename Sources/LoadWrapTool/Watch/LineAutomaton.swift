import CLoadWrap

/// A deterministic automaton, built once from a `PatternNFA` by the subset construction, that
/// says whether a line may match: exactly on printable ASCII, and never "no" when Regex would
/// match. It scans a line byte by byte, with one table lookup each, and stops as soon as the
/// answer is known; `(a+)+$` costs the same as `a+$`, as there is no backtracking. The byte loop
/// is C's `lw_automaton_run`, over tables this class owns.
final class LineAutomaton {
    /// Next state for (state, byte), or one of the outcomes below.
    private let table: UnsafeMutablePointer<Int32>
    /// Next state for (state, the `other` symbol), read by `matches(text:)`.
    private let otherNext: [Int32]
    /// Whether a line may match when it ends in the state (1 or 0).
    private let acceptsAtEnd: UnsafeMutablePointer<UInt8>
    /// The tables as C reads them, at an address that stays put.
    let tables: UnsafeMutablePointer<lw_automaton>
    /// The state at the start of a line, or an outcome.
    private let start: Int32
    /// Whether an empty text matches.
    private let emptyMatches: Bool

    /// A match is certain: the line may match.
    static let matched = Int32(LW_MATCHED)
    /// No match can follow: the line does not match.
    static let dead = Int32(LW_DEAD)
    /// A byte the table does not decide (control, non-ASCII): the line is read as text.
    static let undecided = Int32(LW_UNDECIDED)
    /// LF or CR: the line ends (met only when reading outwards from a literal, across lines).
    static let lineBreak = Int32(LW_LINE_BREAK)
    /// Most states: beyond it the pattern gets no automaton (its table would pass 300 KB).
    static let stateLimit = 300

    /// The automaton for `node`, or nil when it would have more than `stateLimit` states.
    convenience init?(_ node: PatternNode) {
        guard let nfa = PatternNFA(node), let built = LineAutomatonBuilder(nfa).build(limit: Self.stateLimit) else {
            return nil
        }
        self.init(built)
    }

    /// Takes over the tables of `built`.
    private init(_ built: LineAutomatonBuilder.Tables) {
        table = .allocate(capacity: built.byteNext.count)
        table.initialize(from: built.byteNext, count: built.byteNext.count)
        otherNext = built.otherNext
        acceptsAtEnd = .allocate(capacity: built.acceptsAtEnd.count)
        acceptsAtEnd.initialize(from: built.acceptsAtEnd.map { $0 ? 1 : 0 }, count: built.acceptsAtEnd.count)
        start = built.start
        emptyMatches = built.emptyMatches
        tables = .allocate(capacity: 1)
        tables.initialize(to: lw_automaton(table: table, accepts_at_end: acceptsAtEnd, start: start))
    }

    deinit {
        table.deallocate()
        acceptsAtEnd.deallocate()
        tables.deallocate()
    }

    /// What the bytes of a line say about a match.
    enum Verdict {
        /// The line does not match.
        case no
        /// The line may match: Regex decides.
        case maybe
        /// The bytes include a control or non-ASCII byte: ask `mayMatch(text:)` with the line's text.
        case undecided
    }

    /// What the bytes of `line` (no LF or CR in it) say, read up to where the answer is known.
    func verdict(_ line: UnsafeRawBufferPointer) -> Verdict {
        let bytes = line.baseAddress?.assumingMemoryBound(to: UInt8.self)
        switch lw_automaton_run(tables, bytes, line.count, 1) {
        case Int32(LW_NO): return .no
        case Int32(LW_MAYBE): return .maybe
        default: return .undecided
        }
    }

    /// Whether `text`, a sanitised line, may match: each Character one symbol, the printable
    /// ASCII ones as themselves and every other as `other`.
    func mayMatch(text: String) -> Bool {
        guard !text.isEmpty else { return emptyMatches }
        var state = start
        guard state >= 0 else { return state == Self.matched }
        for character in text {
            let ascii = character.asciiValue.flatMap { (0x20...0x7E).contains($0) ? $0 : nil }
            let next = ascii.map { table[Int(state) &* 256 &+ Int($0)] } ?? otherNext[Int(state)]
            guard next >= 0 else { return next == Self.matched }
            state = next
        }
        return acceptsAtEnd[Int(state)] != 0
    }
}
