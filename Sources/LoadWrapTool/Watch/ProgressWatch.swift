import LoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--progress-from`: reads how far the command has got from its output. Each line (ended by LF,
/// or CR as progress bars rewrite theirs) gives its first match: `percent` finds `52%` or
/// `52.5%`; a regex gives a named group `pct`, or `done` and `total`.
final class ProgressWatch {
    private let pattern: ProgressPattern
    /// The line being assembled, up to `lineLimit` bytes.
    private var line: [UInt8] = []
    private let lineLimit = 16 << 10

    /// A watch of the output for `pattern`, compiled once when the command line was read.
    init(_ pattern: ProgressPattern) {
        self.pattern = pattern
    }

    /// The value of the last line in `chunk` that has one, or nil. A partial line counts only for
    /// `percent`, whose number is whole once its `%` has come; a regex waits for the line's end.
    /// Lines are read from the last back, where they lie, up to the first that has a value, so a
    /// chunk of thousands of lines costs a few matches.
    func feed(_ chunk: UnsafeRawBufferPointer) -> LoadProgress? {
        var found: LoadProgress?
        if let firstEnd = LineEnds.first(in: chunk), let lastEnd = LineEnds.last(in: chunk) {
            found = lastValue(in: UnsafeRawBufferPointer(rebasing: chunk[min(firstEnd + 1, lastEnd)..<lastEnd]))
            line.append(contentsOf: chunk[..<firstEnd])
            if found == nil { found = line.withUnsafeBytes { value(of: $0) } }
            line.removeAll(keepingCapacity: true)
            line.append(contentsOf: chunk[(lastEnd + 1)...])
        } else {
            line.append(contentsOf: chunk)
        }
        if line.count > lineLimit { line.removeFirst(line.count - lineLimit) }
        if case .percent = pattern, let value = line.withUnsafeBytes({ value(of: $0) }) { found = value }
        return found
    }

    /// The value of the last of the whole lines in `region` that has one. Each step looks back
    /// only as far as the previous line end, so a chunk costs one pass; with a regex's literal
    /// that applies, only the lines of its occurrences are looked at, from the last back.
    private func lastValue(in region: UnsafeRawBufferPointer) -> LoadProgress? {
        if case .regex(let regex) = pattern, regex.matcher.literalApplies(to: region) {
            return lastValue(in: region, hoppingWith: regex.matcher)
        }
        var end = region.count
        while true {
            let start = LineEnds.lineStart(in: region, holding: end, floor: 0)
            if let value = value(of: UnsafeRawBufferPointer(rebasing: region[start..<end])) { return value }
            guard start > 0 else { return nil }
            end = start - 1
        }
    }

    /// `lastValue(in:)` over the occurrences of `matcher`'s literal, from the last back, skipping
    /// those the text around them rules out.
    private func lastValue(in region: UnsafeRawBufferPointer, hoppingWith matcher: LineMatcher) -> LoadProgress? {
        var limit = region.count
        while let found = matcher.lastCandidate(in: region, before: limit) {
            let start = LineEnds.lineStart(in: region, holding: found, floor: 0)
            let end = LineEnds.first(in: UnsafeRawBufferPointer(rebasing: region[found...])).map { found + $0 } ?? region.count
            if let value = value(of: UnsafeRawBufferPointer(rebasing: region[start..<end])) { return value }
            limit = start
        }
        return nil
    }

    /// The line's first match as a value.
    private func value(of line: UnsafeRawBufferPointer) -> LoadProgress? {
        guard !line.isEmpty else { return nil }
        switch pattern {
        case .percent: return Self.firstPercent(in: line).map(LoadProgress.init(percent:))
        case .regex(let regex): return Self.match(regex.matcher, in: line)
        }
    }

    /// The first `NN%` or `NN.N%` in `line`; a line without `%` costs one `memchr`.
    static func firstPercent(in line: UnsafeRawBufferPointer) -> Double? {
        guard let base = line.baseAddress else { return nil }
        var index = 0
        while index < line.count, let found = memchr(base + index, 0x25, line.count - index) {
            let sign = base.distance(to: UnsafeRawPointer(found))
            var start = sign
            while start > 0, isDigit(line[start - 1]) || line[start - 1] == 0x2E { start -= 1 }
            if start < sign, let value = LoadProgress(text: Substring(String(decoding: line[start...sign], as: UTF8.self))) {
                return value.done
            }
            index = sign + 1
        }
        return nil
    }

    /// The regex's first match in the line without escapes, read from its named groups.
    private static func match(_ matcher: LineMatcher, in line: UnsafeRawBufferPointer) -> LoadProgress? {
        guard let match = matcher.firstMatch(in: line) else { return nil }
        let group = { (name: String) in match.output[name]?.substring.flatMap { LoadProgress(text: $0 + "%")?.done } }
        if let percent = group("pct") { return LoadProgress(percent: percent) }
        guard let done = group("done"), let total = group("total") else { return nil }
        return LoadProgress(done: done, total: total)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
