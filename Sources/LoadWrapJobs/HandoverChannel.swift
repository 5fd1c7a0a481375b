import CLoadWrap
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One end of the socket pair between the runner of several `-c` commands and the loadwrap that
/// labels their lines (`HandoverRecord`): non-blocking, so neither side ever waits on the other
/// unless it asks to (`waitReadable`).
struct HandoverChannel {
    /// The socket.
    let fd: Int32

    /// What one read brought.
    enum Received {
        /// Bytes, and the descriptors that came with them.
        case data([UInt8], [Int32])
        /// Nothing waiting.
        case nothing
        /// The other side is gone (end of file, or an error that reading again cannot mend).
        case closed
    }

    /// A new pair, both ends close-on-exec; throws when the kernel refuses (125).
    static func pair() throws(SpawnError) -> (HandoverChannel, HandoverChannel) {
        var ends: [Int32] = [-1, -1]
        guard lw_socket_pair(&ends) == 0 else {
            throw .failed("socket pair", reason: String(cString: strerror(errno)))
        }
        return (HandoverChannel(fd: ends[0]), HandoverChannel(fd: ends[1]))
    }

    /// Sends `bytes` with copies of `descriptors` in one message; false unless all were sent.
    func send(_ bytes: [UInt8], descriptors: [Int32] = []) -> Bool {
        let sent = bytes.withUnsafeBytes { raw in
            descriptors.withUnsafeBufferPointer { lw_send_record(fd, raw.baseAddress, raw.count, $0.baseAddress, Int32($0.count)) }
        }
        return sent == bytes.count
    }

    /// Reads once what is waiting.
    func receive() -> Received {
        var bytes = [UInt8](repeating: 0, count: 256)
        var descriptors = [Int32](repeating: -1, count: 4)
        var count = Int32(descriptors.count)
        let received = lw_receive_record(fd, &bytes, bytes.count, &descriptors, &count)
        if received > 0 { return .data(Array(bytes.prefix(received)), Array(descriptors.prefix(Int(count)))) }
        if received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .nothing }
        return .closed
    }

    /// Sleeps until there is something to read or the other side is gone; a signal wakes it too.
    func waitReadable() {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, -1)
    }

    /// Closes this end.
    func closeEnd() {
        _ = close(fd)
    }
}
