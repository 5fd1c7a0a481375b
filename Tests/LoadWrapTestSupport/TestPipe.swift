import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe standing in for where code under test writes (a terminal, a reader's pipe): the test
/// takes what arrived without ever blocking, as the read end is non-blocking. Both ends close with it.
package final class TestPipe {
    package let readEnd: Int32
    package let writeEnd: Int32

    package init() {
        var fds: [Int32] = [-1, -1]
        precondition(pipe(&fds) == 0, "no pipe for the test")
        (readEnd, writeEnd) = (fds[0], fds[1])
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// What arrived since the last call, as text.
    package func take() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        FileDescriptorIO.readChunks(readEnd, into: &buffer) { bytes += $0; return true }
        return String(decoding: bytes, as: UTF8.self)
    }
}
