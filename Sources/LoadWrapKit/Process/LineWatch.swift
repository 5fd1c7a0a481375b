import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--until`: watches the command's output for the first line that matches a pattern, the
/// moment "the data arrives" (pull to refresh). Escape sequences are stripped before matching,
/// so colours inside a line do not hide its words.
///
/// Output can stream at gigabytes a second, so the common case stays off Swift's Regex: a pattern
/// without metacharacters is a literal, found with `memmem` in chunks that hold no escapes.
final class LineWatch {
    /// The pattern, compiled once; the regex engine is paid for only when `--until` is used.
    private let regex: Regex<AnyRegexOutput>
    /// The pattern's bytes when it is a plain literal, else nil.
    private let literal: [UInt8]?
    /// The line being assembled, up to `lineLimit` bytes.
    private var line: [UInt8] = []
    /// Longest line kept: a line without end cannot grow memory without bound.
    private let lineLimit = 16 << 10

    /// Compiles `pattern`; throws a one-line description naming the position of the problem.
    init(pattern: String) throws(UsageError) {
        regex = try Self.compile(pattern, option: "--until")
        let bytes = Array(pattern.utf8)
        literal = bytes.isEmpty || bytes.contains(where: Self.isSpecial) ? nil : bytes
    }

    /// `pattern` compiled, or an error naming `option` and the position of the problem.
    static func compile(_ pattern: String, option: String) throws(UsageError) -> Regex<AnyRegexOutput> {
        do {
            return try Regex(pattern)
        } catch {
            throw .invalidPattern(pattern, option: option, reason: "\(error)", position: position(ofErrorIn: pattern))
        }
    }

    /// Feeds a chunk; true when a line in it, or the partial line it leaves, matches.
    func feed(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return false }
        if let literal, memchr(base, 0x1B, chunk.count) == nil, !line.contains(0x1B) {
            if findsLiteral(literal, in: chunk) { return true }
            keepTail(of: chunk)
            return false
        }
        return feedLines(chunk)
    }

    /// Whether `literal` is in the chunk, or straddles the partial line and the chunk.
    private func findsLiteral(_ literal: [UInt8], in chunk: UnsafeRawBufferPointer) -> Bool {
        let found = literal.withUnsafeBytes { needle in
            lw_memmem(chunk.baseAddress, chunk.count, needle.baseAddress, needle.count) != nil
        }
        if found { return true }
        guard !line.isEmpty else { return false }
        let newline = Self.firstLineEnd(in: chunk) ?? chunk.count
        let seam = line.suffix(literal.count - 1) + chunk.prefix(min(newline, literal.count - 1))
        return seam.withUnsafeBytes { haystack in
            literal.withUnsafeBytes { lw_memmem(haystack.baseAddress, haystack.count, $0.baseAddress, $0.count) != nil }
        }
    }

    /// Keeps what follows the chunk's last line end as the partial line.
    private func keepTail(of chunk: UnsafeRawBufferPointer) {
        let lastEnd = Self.lastLineEnd(in: chunk)
        if lastEnd != nil { line.removeAll(keepingCapacity: true) }
        line.append(contentsOf: chunk[((lastEnd ?? -1) + 1)...])
        if line.count > lineLimit { line.removeFirst(line.count - lineLimit) }
    }

    /// The slow path: each line (ended by LF or CR) sanitised and matched with the regex.
    private func feedLines(_ chunk: UnsafeRawBufferPointer) -> Bool {
        var start = chunk.startIndex
        while let end = Self.firstLineEnd(in: UnsafeRawBufferPointer(rebasing: chunk[start...])).map({ $0 + start }) {
            line.append(contentsOf: chunk[start..<end])
            if matches() { return true }
            line.removeAll(keepingCapacity: true)
            start = end + 1
        }
        line.append(contentsOf: chunk[start...])
        if matches() { return true }
        if line.count > lineLimit { line.removeFirst(line.count - lineLimit) }
        return false
    }

    /// The offset of the last LF or CR in `bytes`, found with `memrchr`.
    static func lastLineEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let ends = [lw_memrchr(base, 0x0A, bytes.count), lw_memrchr(base, 0x0D, bytes.count)]
        return ends.compactMap { $0.map { base.distance(to: UnsafeRawPointer($0)) } }.max()
    }

    /// The offset of the first LF or CR in `bytes`, found with `memchr`.
    static func firstLineEnd(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let ends = [memchr(base, 0x0A, bytes.count), memchr(base, 0x0D, bytes.count)]
        return ends.compactMap { $0.map { base.distance(to: UnsafeRawPointer($0)) } }.min()
    }

    /// Whether the current line, without escapes and controls, contains a match.
    private func matches() -> Bool {
        guard !line.isEmpty else { return false }
        return (try? regex.firstMatch(in: line.withUnsafeBytes(Self.text))) != nil
    }

    /// A line as text to match: without escapes and controls, so colours do not hide its words.
    static func text(_ line: UnsafeRawBufferPointer) -> String {
        let text = String(decoding: line, as: UTF8.self)
        return line.contains { $0 < 0x20 || $0 == 0x7F } ? Sanitizer.sanitize(text) : text
    }

    /// Bytes that make a pattern more than a literal.
    private static func isSpecial(_ byte: UInt8) -> Bool {
        Array("\\^$.|?*+()[]{}".utf8).contains(byte) || byte < 0x20
    }
}
