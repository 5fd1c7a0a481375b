import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The regex of `--until` or `--progress-from` behind two filters that cost next to nothing on
/// lines that cannot match, so watching keeps up with the relay (issue 25):
/// - a literal every match contains, looked for with memmem over many lines at once, on text that
///   sanitising leaves as it is;
/// - when the literal lies at the pattern's top level, two small automata that read outwards from
///   each occurrence, the part before it backwards and the part after it forwards: a few bytes
///   rule out a line that holds the literal but cannot match (ripgrep's inner-literal search);
/// - a `LineAutomaton`, one table lookup a byte, that tells whether the line can match.
/// Swift's Regex then runs only on the lines that pass, and still gives the match and its groups.
/// A pattern outside the automaton's subset keeps only what its parse gave (maybe nothing).
final class LineMatcher {
    /// The pattern, compiled by Swift's Regex.
    let regex: Regex<AnyRegexOutput>
    /// Bytes every match contains; empty when none are known.
    let literal: [UInt8]
    /// The index of the byte of `literal` searched for first (`rarestByte(of:)`).
    private let anchor: Int
    /// The filter of lines, when the pattern is in its subset.
    private let automaton: LineAutomaton?
    /// The part before the literal, reversed and anchored at it; with `after`, or neither.
    private let before: LineAutomaton?
    /// The part after the literal, anchored at it.
    private let after: LineAutomaton?

    /// The matcher of `regex`, whose text is `pattern`.
    init(_ regex: Regex<AnyRegexOutput>, pattern: String) {
        self.regex = regex
        let node = PatternParser.parse(pattern)
        automaton = node.flatMap(LineAutomaton.init)
        let split = automaton == nil ? nil : node?.split
        literal = split?.literal ?? node?.requiredBytes ?? []
        anchor = Self.rarestByte(of: literal)
        let sides = split.flatMap { split in
            LineAutomaton(.sequence([.lineStart] + split.prefix.reversed().map(\.reversed))).flatMap { before in
                LineAutomaton(.sequence([.lineStart] + split.suffix)).map { (before, $0) }
            }
        }
        before = sides?.0
        after = sides?.1
    }

    /// Whether the occurrence of the literal at `offset` in `region` (whose ends are line ends)
    /// may be part of a match: false when the text before it or after it, on its line, rules it
    /// out. Bytes the automata do not decide leave the answer to `firstMatch(in:)`.
    func occurrenceMayMatch(in region: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let before, let after, let base = region.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            return true
        }
        let end = offset + literal.count
        return before.verdict(from: base + offset - 1, count: offset, step: -1) != .no
            && after.verdict(from: base + end, count: region.count - end, step: 1) != .no
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

    /// Whether the literal can rule lines of `region` out: there is one, and `region` is text that
    /// sanitising leaves as it is (a colour or a tab inside a word would hide it from memmem).
    func literalApplies(to region: UnsafeRawBufferPointer) -> Bool {
        !literal.isEmpty && lw_is_plain_text(region.baseAddress, region.count) == 1
    }

    /// The offset of the literal's next occurrence in `region` at or after `start`, or nil: its
    /// rarest byte found with memchr, then the rest compared. memmem recomputes its two-way
    /// factorisation on every call, which costs more than the search when occurrences are dense.
    func nextLiteral(in region: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = region.baseAddress, !literal.isEmpty else { return nil }
        var from = start + anchor
        let last = region.count - literal.count + anchor  // the anchor's last possible offset
        while from <= last, let found = memchr(base + from, Int32(literal[anchor]), last + 1 - from) {
            let offset = base.distance(to: UnsafeRawPointer(found)) - anchor
            if isLiteral(at: offset, in: base) { return offset }
            from = offset + anchor + 1
        }
        return nil
    }

    /// The offset of the literal's last occurrence in `region` that starts before `limit`, or nil.
    func lastLiteral(in region: UnsafeRawBufferPointer, before limit: Int) -> Int? {
        guard let base = region.baseAddress, !literal.isEmpty else { return nil }
        var end = min(limit, region.count - literal.count + 1) + anchor  // past the anchor's last offset
        while end > anchor, let found = lw_memrchr(base + anchor, Int32(literal[anchor]), end - anchor) {
            let offset = base.distance(to: found) - anchor
            if isLiteral(at: offset, in: base) { return offset }
            end = offset + anchor
        }
        return nil
    }

    /// Whether the literal is at `offset` from `base`.
    private func isLiteral(at offset: Int, in base: UnsafeRawPointer) -> Bool {
        literal.withUnsafeBytes { memcmp(base + offset, $0.baseAddress!, literal.count) == 0 }
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
