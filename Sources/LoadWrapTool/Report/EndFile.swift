import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the outermost loadwrap writes when the run ends (`--trace`, `--timings`). Opened before
/// the command starts, so a path that cannot be written stops the run there, with the usual
/// one-line error and 125, rather than after an hour's build.
final class EndFile {
    /// What the file is, for messages: `trace`, `timings page`.
    let what: String
    /// The path as given.
    let path: String
    private let fd: Int32

    /// Creates or truncates `path` (mode 0666 less the umask, as a shell's `>` does).
    init(_ what: String, path: String) throws(SpawnError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .unwritableFile(what: what, path: path, reason: String(cString: strerror(errno))) }
        (self.what, self.path, self.fd) = (what, path, fd)
    }

    deinit {
        close(fd)
    }

    /// Writes `text`; true when all of it went. A write that fails (a full disk) costs the file,
    /// never the run's exit status: one line on stderr says so.
    @discardableResult
    func write(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
        if !written {
            StandardStreams.err("loadwrap: could not write the \(what) '\(Sanitizer.sanitize(path))': \(String(cString: strerror(errno)))\n")
        }
        return written
    }
}
