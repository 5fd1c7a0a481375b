import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--log FILE`: the command's terminal- or log-bound output, written to a file chunk by chunk as
/// it arrives, before it is shown or held, so nothing of it waits in memory and a window that
/// collapsed can still be read. Opened before the command starts, so a path that cannot be
/// written is refused up front (exit 125), as `tee` refuses it.
package final class OutputLog: OutputSink {
    /// The path as given, for the end line.
    let path: String
    private let fd: Int32
    /// Where each chunk goes after the file.
    var next: (any OutputSink)?
    /// True once a write to the file failed (a full disk): the log is then incomplete.
    private(set) var lostBytes = false

    /// Creates or truncates `path` (mode 0666 less the umask, as a shell's `>` does).
    package init(path: String) throws(SpawnError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .unwritableLog(path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Writes the chunk to the file, then hands it on.
    package func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        if !lostBytes && !FileDescriptorIO.writeAll(fd, chunk) { lostBytes = true }
        return next?.output(chunk) ?? true
    }
}
