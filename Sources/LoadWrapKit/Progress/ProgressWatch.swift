#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--progress-from`: reads how far the command has got from its output. Each line (ended by LF,
/// or CR as progress bars rewrite theirs) gives its first match: `percent` finds `52%` or
/// `52.5%`; a regex gives a named group `pct`, or `done` and `total`.
final class ProgressWatch {
    /// What a line is searched for.
    private enum Pattern {
        /// `NN%` or `NN.N%`, found by scanning bytes: output can stream at gigabytes a second.
        case percent
        case regex(Regex<AnyRegexOutput>)
    }

    /// The value that asks for the built-in pattern.
    static let percentName = "percent"

    private let pattern: Pattern
    /// The line being assembled, up to `lineLimit` bytes.
    private var line: [UInt8] = []
    private let lineLimit = 16 << 10

    /// `percent`, or a regex with the named groups; a pattern without them is refused here.
    init(pattern text: String) throws(UsageError) {
        guard text != Self.percentName else {
            pattern = .percent
            return
        }
        let regex = try LineWatch.compile(text, option: "--progress-from")
        let names = ["pct", "done", "total"].filter { text.contains("(?<\($0)>") || text.contains("(?P<\($0)>") }
        guard names.contains("pct") || (names.contains("done") && names.contains("total")) else {
            throw .progressGroups(text)
        }
        pattern = .regex(regex)
    }

    /// The value of the last line in `chunk` that has one, or nil. A partial line counts only for
    /// `percent`, whose number is whole once its `%` has come; a regex waits for the line's end.
    func feed(_ chunk: UnsafeRawBufferPointer) -> LoadProgress? {
        var found: LoadProgress?
        var start = chunk.startIndex
        while let end = LineWatch.firstLineEnd(in: UnsafeRawBufferPointer(rebasing: chunk[start...])).map({ $0 + start }) {
            line.append(contentsOf: chunk[start..<end])
            if let value = value(of: line) { found = value }
            line.removeAll(keepingCapacity: true)
            start = end + 1
        }
        line.append(contentsOf: chunk[start...])
        if line.count > lineLimit { line.removeFirst(line.count - lineLimit) }
        if case .percent = pattern, let value = value(of: line) { found = value }
        return found
    }

    /// The line's first match as a value.
    private func value(of line: [UInt8]) -> LoadProgress? {
        guard !line.isEmpty else { return nil }
        switch pattern {
        case .percent: return Self.firstPercent(in: line).map(LoadProgress.init(percent:))
        case .regex(let regex): return Self.match(regex, in: line)
        }
    }

    /// The first `NN%` or `NN.N%` in `line`.
    static func firstPercent(in line: [UInt8]) -> Double? {
        var index = line.startIndex
        while let sign = line[index...].firstIndex(of: 0x25) {
            var start = sign
            while start > line.startIndex, isDigit(line[start - 1]) || line[start - 1] == 0x2E { start -= 1 }
            if let value = LoadProgress(text: Substring(String(decoding: line[start...sign], as: UTF8.self))) {
                return value.done
            }
            index = sign + 1
        }
        return nil
    }

    /// The regex's first match in the line without escapes, read from its named groups.
    private static func match(_ regex: Regex<AnyRegexOutput>, in line: [UInt8]) -> LoadProgress? {
        let text = String(decoding: line, as: UTF8.self)
        let clean = line.contains { $0 < 0x20 || $0 == 0x7F } ? Sanitizer.sanitize(text) : text
        guard let match = try? regex.firstMatch(in: clean) else { return nil }
        let group = { (name: String) in match.output[name]?.substring.flatMap { LoadProgress(text: $0 + "%")?.done } }
        if let percent = group("pct") { return LoadProgress(percent: percent) }
        guard let done = group("done"), let total = group("total") else { return nil }
        return LoadProgress(done: done, total: total)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
}
