import LoadWrapCore

/// `--until`: watches the command's output for the first line that matches a pattern, the
/// moment "the data arrives" (pull to refresh). Escape sequences are stripped before matching,
/// so colours inside a line do not hide its words.
///
/// Output can stream at gigabytes a second, so whole lines go through `LineMatcher`'s filters:
/// only the lines that hold its literal are looked at, and of those only the ones its automaton
/// passes reach Swift's Regex.
final class LineWatch {
    /// The pattern behind its filters.
    private let matcher: LineMatcher
    /// The line being assembled, up to `lineLimit` bytes.
    private var line: [UInt8] = []
    /// Longest line kept: a line without end cannot grow memory without bound.
    private let lineLimit = 16 << 10

    /// A watch of the output for `pattern`, compiled once when the command line was read.
    init(_ pattern: WatchPattern) {
        matcher = pattern.matcher
    }

    /// Feeds a chunk; true when a line in it, or the partial line it leaves, matches.
    func feed(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard chunk.count > 0 else { return false }
        guard let firstEnd = LineEnds.first(in: chunk), let lastEnd = LineEnds.last(in: chunk) else {
            line.append(contentsOf: chunk)
            return partialLineMatches()
        }
        line.append(contentsOf: chunk[..<firstEnd])
        if line.withUnsafeBytes(matcher.matches) { return true }
        if firstEnd < lastEnd, wholeLinesMatch(UnsafeRawBufferPointer(rebasing: chunk[(firstEnd + 1)..<lastEnd])) {
            return true
        }
        line.removeAll(keepingCapacity: true)
        line.append(contentsOf: chunk[(lastEnd + 1)...])
        return partialLineMatches()
    }

    /// Whether the partial line matches; then it is cut to its last `lineLimit` bytes.
    private func partialLineMatches() -> Bool {
        if line.withUnsafeBytes(matcher.matches) { return true }
        if line.count > lineLimit { line.removeFirst(line.count - lineLimit) }
        return false
    }

    /// Whether one of the lines of `region` (whose ends are line ends) matches. With a literal
    /// that applies, the search hops from one occurrence to the next, and only the lines of the
    /// occurrences that the text around them does not rule out are looked at.
    private func wholeLinesMatch(_ region: UnsafeRawBufferPointer) -> Bool {
        guard matcher.literalApplies(to: region) else { return eachLineMatches(region) }
        var position = 0
        while let found = matcher.nextCandidate(in: region, from: position) {
            let start = LineEnds.lineStart(in: region, holding: found, floor: 0)
            let end = LineEnds.first(in: UnsafeRawBufferPointer(rebasing: region[found...])).map { found + $0 } ?? region.count
            if matcher.matches(UnsafeRawBufferPointer(rebasing: region[start..<end])) { return true }
            position = end + 1
        }
        return false
    }

    /// Whether one of the lines of `region` matches, each looked at in turn.
    private func eachLineMatches(_ region: UnsafeRawBufferPointer) -> Bool {
        var start = 0
        while start <= region.count {
            let end = LineEnds.first(in: UnsafeRawBufferPointer(rebasing: region[start...])).map { start + $0 } ?? region.count
            if matcher.matches(UnsafeRawBufferPointer(rebasing: region[start..<end])) { return true }
            start = end + 1
        }
        return false
    }

    /// A line as text to match: without escapes and controls, so colours do not hide its words.
    static func text(_ line: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.contains { $0 < 0x20 || $0 == 0x7F } ? Sanitizer.sanitize(text) : text
    }
}
