#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe between the command and loadwrap: the command writes one end (as its stderr, and its
/// stdout when that goes to the same place), loadwrap reads the other and hands each chunk to
/// the presenter (the log: heartbeats, `--quiet`, `--until`).
final class PipeRelay: EventSource {
    /// The end loadwrap reads.
    private var readEnd: Int32
    /// The end the command writes; closed once the command holds its own copy.
    private(set) var writeEnd: Int32
    /// Where the output goes: the presenter, once connected.
    var sink: (any OutputSink)?
    /// Sees every chunk before the sink does (`--until`); nil costs nothing.
    var tap: ((UnsafeRawBufferPointer) -> Void)?
    /// True once the pipe has ended or its destination refused output.
    private(set) var closed = false
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// Creates the pipe, close-on-exec, its read end non-blocking.
    init(sink: (any OutputSink)? = nil) throws(SpawnError) {
        (readEnd, writeEnd) = try Self.makePipe()
        self.sink = sink
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Closes loadwrap's copy of the write end, so the pipe reports end of file when the command is done.
    func releaseWriteEnd() {
        close(writeEnd)
        writeEnd = -1
    }

    func interests(into list: inout [PollInterest]) {
        if !closed { list.append(.readable(readEnd)) }
    }

    func handle(_ fd: Int32, revents: Int16) {
        relayAvailable(maxReads: Relay.readsPerTurn)
    }

    /// Reads what is waiting and hands it on, at most `maxReads` chunks.
    func relayAvailable(maxReads: Int) {
        guard !closed else { return }
        let outcome = FileDescriptorIO.readChunks(readEnd, into: &buffer, maxReads: maxReads) { chunk in
            tap?(chunk)
            if sink?.output(chunk) == false { readerGone() }
            return !closed  // the reader went away: stop before reading a closed descriptor
        }
        if outcome == .ended { closed = true }
    }

    /// The destination refused the bytes (EPIPE: `| head` has exited). Closing the read end passes
    /// that on: the command's next write fails with SIGPIPE, as it would bare.
    private func readerGone() {
        closed = true
        close(readEnd)
        readEnd = -1
    }

    /// A pipe with both ends close-on-exec and the read end non-blocking.
    static func makePipe() throws(SpawnError) -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .failed("pipe", reason: String(cString: strerror(errno))) }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }
}
