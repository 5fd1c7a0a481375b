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
/// - a `LineAutomaton`, one table lookup a byte, that tells whether the line can match.
/// Swift's Regex then runs only on the lines that pass, and still gives the match and its groups.
/// A pattern outside the automaton's subset keeps only what its parse gave (maybe nothing).
final class LineMatcher {
    /// The pattern, compiled by Swift's Regex.
    let regex: Regex<AnyRegexOutput>
    /// Bytes every match contains; empty when none are known.
    let literal: [UInt8]
    /// The filter of lines, when the pattern is in its subset.
    private let automaton: LineAutomaton?

    /// The matcher of `regex`, whose text is `pattern`.
    init(_ regex: Regex<AnyRegexOutput>, pattern: String) {
        self.regex = regex
        let node = PatternParser.parse(pattern)
        literal = node?.requiredBytes ?? []
        automaton = node.flatMap(LineAutomaton.init)
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

    /// The offset of the literal's next occurrence in `region` at or after `start`, or nil.
    func nextLiteral(in region: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard let base = region.baseAddress, start < region.count else { return nil }
        let found = literal.withUnsafeBytes { needle in
            lw_memmem(base + start, region.count - start, needle.baseAddress, needle.count)
        }
        return found.map { base.distance(to: $0) }
    }
}
