#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// EINTR-safe reads and writes on file descriptors: whole buffers out, chunks in.
package enum FileDescriptorIO {
    /// Writes all of `bytes` to `fd`; returns false when the descriptor refuses them (e.g. EPIPE, EIO).
    @discardableResult
    package static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let whenFull = { () -> Bool in
            waitWritable(fd)
            return true  // also when poll was interrupted: the next write tells
        }
        return writeLoop(bytes, using: { write(fd, $0, $1) }, whenFull: whenFull) != nil
    }

    /// The one write loop: hands `put` (write(2), or one like it) what is left of `bytes` until all
    /// of it is out, again after EINTR. When the descriptor is full (EAGAIN), `whenFull` waits for
    /// room and returns true, or returns false to stop there. Returns how many bytes went out, or
    /// nil when the descriptor refused them (EPIPE, EIO, EBADF).
    package static func writeLoop(
        _ bytes: UnsafeRawBufferPointer, using put: (UnsafeRawPointer, Int) -> Int, whenFull: () -> Bool
    ) -> Int? {
        var offset = 0
        while offset < bytes.count {
            let n = put(bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && errno == EAGAIN {
                guard whenFull() else { break }
            } else {
                return nil
            }
        }
        return offset
    }

    /// Sleeps until `fd` takes more: a descriptor someone else set non-blocking (a shared pipe or
    /// terminal) reports EAGAIN when full, and retrying at once would spin. False when
    /// `timeoutMS` passed first.
    @discardableResult
    package static func waitWritable(_ fd: Int32, timeoutMS: Int = -1) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        return poll(&entry, 1, Int32(clamping: timeoutMS)) > 0
    }

    /// What a bounded read of a descriptor found.
    package enum ReadOutcome {
        /// Nothing more is waiting now (EAGAIN), the read budget is spent, or `body` said stop.
        case drained
        /// End of data: 0, or an error such as EIO from a pseudo-terminal with no writer left.
        case ended
    }

    /// Reads up to `maxReads` chunks (no limit by default) from `fd` into `buffer`, handing each
    /// to `body` in order; stops early when `body` returns false. A non-blocking descriptor is
    /// read until nothing more waits; a blocking one, such as a file, until its end.
    @discardableResult
    package static func readChunks(
        _ fd: Int32, into buffer: inout [UInt8], maxReads: Int = .max, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> ReadOutcome {
        buffer.withUnsafeMutableBytes { readChunks(fd, into: $0, maxReads: maxReads, body) }
    }

    /// `readChunks` into a `ReadBuffer`, which is made at the first read.
    @discardableResult
    package static func readChunks(
        _ fd: Int32, into buffer: ReadBuffer, maxReads: Int = .max, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> ReadOutcome {
        readChunks(fd, into: buffer.bytes, maxReads: maxReads, body)
    }

    /// The one read loop of both.
    private static func readChunks(
        _ fd: Int32, into bytes: UnsafeMutableRawBufferPointer, maxReads: Int, _ body: (UnsafeRawBufferPointer) -> Bool
    ) -> ReadOutcome {
        var reads = 0
        while reads < maxReads {
            let n = read(fd, bytes.baseAddress, bytes.count)
            if n > 0 {
                reads += 1
                guard body(UnsafeRawBufferPointer(rebasing: bytes[0..<n])) else { break }
            } else if n < 0 && errno == EINTR {
                continue
            } else if n < 0 && errno == EAGAIN {
                break
            } else {
                return .ended
            }
        }
        return .drained
    }

    /// Up to `limit` bytes of the file open as `fd`, from its start, whatever its offset (pread).
    package static func readPrefix(_ fd: Int32, upTo limit: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + count, limit - count, off_t(count)) }
            if n > 0 {
                count += n
            } else if n < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return Array(bytes.prefix(count))
    }

    /// Writes all of `text` as UTF-8 to `fd`.
    @discardableResult
    package static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var copy = text
        return copy.withUTF8 { writeAll(fd, UnsafeRawBufferPointer($0)) }
    }

    /// Writes `head`, `body` and `tail` in one `writev` where the kernel takes them whole.
    @discardableResult
    package static func writeAll(_ fd: Int32, head: [UInt8], body: UnsafeRawBufferPointer, tail: [UInt8]) -> Bool {
        if head.isEmpty && tail.isEmpty { return writeAll(fd, body) }
        return head.withUnsafeBytes { h in
            tail.withUnsafeBytes { t in
                let parts = [h, body, t]
                let total = parts.reduce(0) { $0 + $1.count }
                var iov = parts.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
                var n: Int
                repeat { n = writev(fd, &iov, Int32(iov.count)) } while n < 0 && errno == EINTR
                if n == total { return true }
                if n < 0 && errno != EAGAIN { return false }
                if n < 0 { waitWritable(fd) }
                return writeRest(fd, parts, skipping: max(n, 0))
            }
        }
    }

    /// Finishes a short `writev` part by part.
    private static func writeRest(_ fd: Int32, _ parts: [UnsafeRawBufferPointer], skipping written: Int) -> Bool {
        var skip = written
        for part in parts {
            if skip >= part.count { skip -= part.count; continue }
            guard writeAll(fd, UnsafeRawBufferPointer(rebasing: part[skip...])) else { return false }
            skip = 0
        }
        return true
    }
}
