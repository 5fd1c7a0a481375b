import CLoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `LoadIndicatorOutput` as the indicator uses it: resolved once, then measured and written.
struct OutputEndpoint: Sendable {
    /// True when the destination is a terminal; only then does the indicator draw.
    let isTerminal: Bool
    private let target: LoadIndicatorOutput.Target

    /// Resolves `target`; a descriptor counts as a terminal when `isatty` says so.
    init(_ target: LoadIndicatorOutput.Target) {
        self.target = target
        switch target {
        case .descriptor(let fd):
            isTerminal = isatty(fd) == 1
        case .memory(let memory):
            isTerminal = memory.isTerminal
        }
    }

    /// The width in columns now, read at each draw so the line follows a resize; 80 when unknown.
    var columns: Int {
        switch target {
        case .descriptor(let fd): return size(fd)?.columns ?? 80
        case .memory(let memory): return memory.columns
        }
    }

    /// The height in rows now, which bounds a tail window's; 24 when unknown.
    var rows: Int {
        switch target {
        case .descriptor(let fd): return size(fd)?.rows ?? 24
        case .memory(let memory): return memory.rows
        }
    }

    /// The terminal's size from TIOCGWINSZ; nil when not a terminal or the size is unset (0).
    private func size(_ fd: Int32) -> (rows: Int, columns: Int)? {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard isTerminal, lw_get_winsize(fd, &rows, &columns) == 0, rows > 0, columns > 0 else { return nil }
        return (Int(rows), Int(columns))
    }

    /// Writes all of `bytes` in one call where the kernel takes them whole.
    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        switch target {
        case .descriptor(let fd):
            // A vanished terminal (EIO) or closed pipe must not stop the caller's work;
            // the bytes are decoration, so a failed write is dropped.
            bytes.withUnsafeBytes { _ = FileDescriptorIO.writeAll(fd, $0) }
        case .memory(let memory):
            memory.append(bytes)
        }
    }
}
