/// A deterministic automaton, built once from a `PatternNFA` by the subset construction, that
/// says whether a line may match: exactly on printable ASCII, and never "no" when Regex would
/// match. It scans a line byte by byte, with one table lookup each, and stops as soon as the
/// answer is known; `(a+)+$` costs the same as `a+$`, as there is no backtracking.
final class LineAutomaton {
    /// Next state for (state, byte), or one of the outcomes below.
    private let table: UnsafeMutablePointer<Int32>
    /// Next state for (state, the `other` symbol), read by `matches(text:)`.
    private let otherNext: [Int32]
    /// Whether a line may match when it ends in the state.
    private let acceptsAtEnd: [Bool]
    /// The state at the start of a line, or an outcome.
    private let start: Int32
    /// Whether an empty text matches.
    private let emptyMatches: Bool

    /// A match is certain: the line may match.
    static let matched: Int32 = -1
    /// No match can follow: the line does not match.
    static let dead: Int32 = -2
    /// A byte the table does not decide (control, non-ASCII): the line is read as text.
    static let undecided: Int32 = -3
    /// LF or CR: the line ends (met only by `verdict(from:count:step:)`, which crosses lines).
    static let lineBreak: Int32 = -4
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
        acceptsAtEnd = built.acceptsAtEnd
        start = built.start
        emptyMatches = built.emptyMatches
    }

    deinit { table.deallocate() }

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
        guard let base = line.baseAddress else { return verdict(from: nil, count: 0, step: 1) }
        return verdict(from: base.assumingMemoryBound(to: UInt8.self), count: line.count, step: 1)
    }

    /// What the bytes from `first` say, read `step` by `step` (1, or -1 for a reversed pattern)
    /// for at most `count` bytes, up to a line end or where the answer is known.
    func verdict(from first: UnsafePointer<UInt8>?, count: Int, step: Int) -> Verdict {
        var state = start
        guard state >= 0 else { return state == Self.matched ? .maybe : .no }
        var pointer = first
        for _ in 0..<count {
            let next = table[Int(state) &* 256 &+ Int(pointer.unsafelyUnwrapped.pointee)]
            guard next >= 0 else {
                if next == Self.lineBreak { break }
                if next == Self.undecided { return .undecided }
                return next == Self.matched ? .maybe : .no
            }
            state = next
            pointer = pointer.unsafelyUnwrapped + step
        }
        return acceptsAtEnd[Int(state)] ? .maybe : .no
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
        return acceptsAtEnd[Int(state)]
    }
}
