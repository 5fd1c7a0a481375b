import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe from the command to loadwrap: the command writes one end (installed as a standard
/// stream), loadwrap reads the other, non-blocking. Both ends are close-on-exec.
final class CommandPipe {
    /// The end loadwrap reads; -1 once closed.
    private(set) var readEnd: Int32
    /// The end the command writes; -1 once the command holds its own copy.
    private(set) var writeEnd: Int32

    /// Creates the pipe.
    init() throws(SpawnError) {
        var fds: [Int32] = [0, 0]
        guard lw_pipe(&fds, 1, 0) == 0 else { throw .failed("pipe", reason: String(cString: strerror(errno))) }
        (readEnd, writeEnd) = (fds[0], fds[1])
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

    /// Closes the read end: the reader loadwrap relays to went away (EPIPE: `| head` has exited),
    /// and the command's next write fails with SIGPIPE, as it would bare.
    func closeReadEnd() {
        close(readEnd)
        readEnd = -1
    }
}
