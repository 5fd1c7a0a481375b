import CLoadWrap

/// The regex of `--until` or `--progress-from` behind filters that cost next to nothing on lines
/// that cannot match, so watching keeps up with the relay (issue 25):
/// - a literal every match contains, looked for over many lines at once, on text that sanitising
///   leaves as it is;
/// - when the literal lies at the pattern's top level, two small automata that read outwards from
///   each occurrence, the part before it backwards and the part after it forwards: a few bytes
///   rule out a line that holds the literal but cannot match (ripgrep's inner-literal search);
/// - a `LineAutomaton`, one table lookup a byte, that tells whether the line can match.
/// Swift's Regex then runs only on the lines that pass, and still gives the match and its groups.
/// A pattern outside the automaton's subset keeps only what its parse gave (maybe nothing).
/// Immutable once made (the C search reads its tables through a const pointer), so one matcher
/// compiled from the command line serves any watch.
final class LineMatcher: @unchecked Sendable {
    /// The pattern, compiled by Swift's Regex.
    let regex: Regex<AnyRegexOutput>
    /// Bytes every match contains; empty when none are known.
    let literal: [UInt8]
    /// The filter of lines, when the pattern is in its subset.
    private let automaton: LineAutomaton?
    /// The part before the literal, reversed and anchored at it, and the part after it; kept
    /// alive for `search`, which points at their tables.
    private let sides: (before: LineAutomaton, after: LineAutomaton)?
    /// The literal search as C's `lw_next_candidate` reads it, with its own copy of the bytes.
    private let search: UnsafeMutablePointer<lw_literal_search>

    /// The matcher of `regex`, whose text is `pattern`.
    init(_ regex: Regex<AnyRegexOutput>, pattern: String) {
        self.regex = regex
        let node = PatternParser.parse(pattern)
        automaton = node.flatMap(LineAutomaton.init)
        let split = automaton == nil ? nil : node?.split
        literal = split?.literal ?? node?.requiredBytes ?? []
        sides = split.flatMap { split in
            LineAutomaton(.sequence([.lineStart] + split.prefix.reversed().map(\.reversed))).flatMap { before in
                LineAutomaton(.sequence([.lineStart] + split.suffix)).map { (before, $0) }
            }
        }
        let bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(literal.count, 1))
        bytes.initialize(from: literal, count: literal.count)
        search = .allocate(capacity: 1)
        search.initialize(to: lw_literal_search(literal: bytes, length: literal.count, anchor: Self.rarestByte(of: literal),
                                                before: sides?.before.tables, after: sides?.after.tables))
    }

    deinit {
        UnsafeMutablePointer(mutating: search.pointee.literal).deallocate()
        search.deallocate()
    }

    /// The regex's first match in `line` (no LF or CR in it) without escapes and controls, or
    /// nil; an empty line has none.
    func firstMatch(in line: UnsafeRawBufferPointer) -> Regex<AnyRegexOutput>.Match? {
        guard !line.isEmpty else { return nil }
        guard let automaton else { return try? regex.firstMatch(in: LineWatch.text(line)) }
        switch automaton.verdict(line) {
        case .no: return nil
        case .maybe: return try? regex.firstMatch(in: LineWatch.text(line))
        case .undecided:
            let text = LineWatch.text(line)
            return automaton.mayMatch(text: text) ? try? regex.firstMatch(in: text) : nil
        }
    }

    /// Whether `line` (no LF or CR in it), without escapes and controls, holds a match. When its
    /// bytes decide, the answer is the automaton's, which is exact there: Regex is not run, so a
    /// pattern that backtracks for ages on a matching line (`(a+)+$` on `aaa…ab…a`) costs one pass.
    func matches(_ line: UnsafeRawBufferPointer) -> Bool {
        guard !line.isEmpty else { return false }
        guard let automaton else { return (try? regex.firstMatch(in: LineWatch.text(line))) != nil }
        switch automaton.verdict(line) {
        case .no: return false
        case .maybe: return true
        case .undecided:
            let text = LineWatch.text(line)
            return automaton.mayMatch(text: text) && (try? regex.firstMatch(in: text)) != nil
        }
    }

    /// Whether the literal can rule lines of `region` out: there is one, and `region` is text that
    /// sanitising leaves as it is (a colour or a tab inside a word would hide it from the search).
    func literalApplies(to region: UnsafeRawBufferPointer) -> Bool {
        !literal.isEmpty && lw_is_plain_text(region.baseAddress, region.count) == 1
    }

    /// The offset of the next occurrence of the literal in `region` (whose ends are line ends)
    /// at or after `start` that may be part of a match, or nil: the text before it and after it,
    /// on its line, did not rule it out (bytes the automata do not decide leave that to
    /// `firstMatch(in:)`). Occurrences are found with memchr on the literal's rarest byte and a
    /// memcmp: glibc's memmem redoes its two-way set-up on every call, which cost more than the
    /// search with one occurrence a line.
    func nextCandidate(in region: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard !literal.isEmpty, let base = region.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let found = lw_next_candidate(search, base, region.count, start)
        return found < 0 ? nil : found
    }

    /// The offset of the last occurrence starting before `limit` that may be part of a match, or nil.
    func lastCandidate(in region: UnsafeRawBufferPointer, before limit: Int) -> Int? {
        guard !literal.isEmpty, let base = region.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return nil }
        let found = lw_last_candidate(search, base, region.count, limit)
        return found < 0 ? nil : found
    }

    /// The index in `literal` of its byte least likely in text: spaces, lowercase letters and
    /// digits fill logs, capitals and most punctuation are rare (the idea of ripgrep's memchr
    /// "rare byte" prefilter, with a coarse ranking instead of its measured table).
    static func rarestByte(of literal: [UInt8]) -> Int {
        let rank = { (byte: UInt8) -> Int in
            switch byte {
            case 0x20: return 5
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return Array("etaoinsrhl".utf8).contains(byte) ? 4 : 3
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"),
                 UInt8(ascii: "-"): return 3
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return 2
            default: return 1
            }
        }
        return literal.indices.min { rank(literal[$0]) < rank(literal[$1]) } ?? 0
    }
}
