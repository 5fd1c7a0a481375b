import CLoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where lines end in a chunk: at LF, or at CR, as progress bars rewrite their line. Each search
/// for CR is bounded by the LF found first, so walking a chunk line by line stays one pass
/// (searching the whole rest for both made a chunk of short lines cost its size squared).
enum LineEnds {
    /// The offset of the first LF or CR in `bytes`.
    static func first(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let feed = memchr(base, 0x0A, bytes.count).map { base.distance(to: UnsafeRawPointer($0)) }
        let span = feed ?? bytes.count
        let carriage = memchr(base, 0x0D, span).map { base.distance(to: UnsafeRawPointer($0)) }
        return carriage ?? feed
    }

    /// The offset of the last LF or CR in `bytes`.
    static func last(in bytes: UnsafeRawBufferPointer) -> Int? {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
        let feed = lw_memrchr(base, 0x0A, bytes.count).map { base.distance(to: $0) }
        let after = (feed ?? -1) + 1
        let carriage = lw_memrchr(base + after, 0x0D, bytes.count - after).map { base.distance(to: $0) }
        return carriage ?? feed
    }

    /// The offset where the line holding `offset` starts, no earlier than `floor`.
    static func lineStart(in bytes: UnsafeRawBufferPointer, holding offset: Int, floor: Int) -> Int {
        guard offset > floor else { return floor }
        return last(in: UnsafeRawBufferPointer(rebasing: bytes[floor..<offset])).map { floor + $0 + 1 } ?? floor
    }
}
