import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--trace FILE`: where the outermost loadwrap writes its run tree's timeline when the run ends
/// (`ChromeTrace`). Opened before the command starts, so a path that cannot be written stops the
/// run there, with the usual one-line error and 125, rather than after an hour's build.
final class TraceFile {
    /// The path as given, for a failure's message.
    let path: String
    private let fd: Int32

    /// Creates or truncates `path` (mode 0666 less the umask, as a shell's `>` does).
    init(path: String) throws(SpawnError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        guard fd >= 0 else { throw .unwritableTrace(path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.fd = fd
    }

    deinit {
        close(fd)
    }

    /// Writes `tree` as of `endMS`. A write that fails (a full disk) costs the file, never the
    /// run's exit status: one line on stderr says so.
    func write(_ tree: RunTree, endMS: Int) {
        let bytes = Array(ChromeTrace.json(tree, endMS: endMS).utf8)
        let written = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
        if !written {
            StandardStreams.err("loadwrap: could not write the trace '\(Sanitizer.sanitize(path))': \(String(cString: strerror(errno)))\n")
        }
    }
}
