/// `--until`: watches the command's output for the first line that matches a pattern, the
/// moment "the data arrives" (pull to refresh). Escape sequences are stripped before matching,
/// so colours inside a line do not hide its words.
final class LineWatch {
    /// The pattern, compiled once; the regex engine is paid for only when `--until` is used.
    private let regex: Regex<AnyRegexOutput>
    /// The line being assembled, up to `lineLimit` bytes.
    private var line: [UInt8] = []
    /// Longest line kept: a line without end cannot grow memory without bound.
    private let lineLimit = 16 << 10

    /// Compiles `pattern`; throws a one-line description naming the position of the problem.
    init(pattern: String) throws(UsageError) {
        do {
            regex = try Regex(pattern)
        } catch {
            throw .invalidPattern(pattern, reason: "\(error)", position: Self.position(of: error, in: pattern))
        }
    }

    /// Feeds a chunk; true when a line in it, or the partial line it leaves, matches.
    func feed(_ chunk: UnsafeRawBufferPointer) -> Bool {
        var start = chunk.startIndex
        for index in chunk.indices where chunk[index] == 0x0A || chunk[index] == 0x0D {
            line.append(contentsOf: chunk[start..<index])
            if matches() { return true }
            line.removeAll(keepingCapacity: true)
            start = index + 1
        }
        line.append(contentsOf: chunk[start...])
        if matches() { return true }
        if line.count > lineLimit { line.removeFirst(line.count - lineLimit) }
        return false
    }

    /// Whether the current line, without escapes and controls, contains a match.
    private func matches() -> Bool {
        guard !line.isEmpty else { return false }
        let text = Sanitizer.sanitize(String(decoding: line, as: UTF8.self))
        return (try? regex.firstMatch(in: text)) != nil
    }

    /// The 1-based character position a regex parse error points at, read from the error's
    /// `location` (the parser's diagnostics carry it, but not as public API); nil when absent.
    static func position(of error: any Error, in pattern: String) -> Int? {
        for child in Mirror(reflecting: error).children where child.label == "location" {
            for field in Mirror(reflecting: child.value).children {
                if let range = field.value as? Range<String.Index>, range.lowerBound <= pattern.endIndex {
                    return pattern.distance(from: pattern.startIndex, to: range.lowerBound) + 1
                }
            }
        }
        return nil
    }
}
