import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file the outermost loadwrap writes when the run ends (`--trace`, `--timings`). Whether it can
/// be written is asked before the command starts, so a path that cannot stops the run there, with
/// the usual one-line error and 125, rather than after an hour's build; the file itself is made
/// at the end, so a run that never starts leaves no empty file behind.
struct EndFile {
    /// What the file is, for messages: `trace`, `timings page`.
    let what: String
    /// The path as given.
    let path: String

    /// Checks that `path` can be written: the file if it exists, else its directory (access(2),
    /// as the user running loadwrap).
    init(_ what: String, path: String) throws(SpawnError) {
        let target = access(path, F_OK) == 0 ? path : Self.directory(of: path)
        guard !path.isEmpty, access(target, W_OK) == 0 else {
            throw .unwritableFile(what: what, path: path, reason: String(cString: strerror(path.isEmpty ? ENOENT : errno)))
        }
        (self.what, self.path) = (what, path)
    }

    /// Creates or truncates the file (mode 0666 less the umask, as a shell's `>` does) and writes
    /// `text`; true when all of it went. A file that cannot be written now (a full disk, a
    /// directory gone) costs the file, never the run's exit status: one line on stderr says so.
    @discardableResult
    func write(_ text: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        let bytes = Array(text.utf8)
        let written = fd >= 0 && bytes.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
        let reason = String(cString: strerror(errno))
        if fd >= 0 { close(fd) }
        if !written { StandardStreams.err("loadwrap: could not write the \(what) '\(Sanitizer.sanitize(path))': \(reason)\n") }
        return written
    }

    /// The directory a new file at `path` goes in.
    private static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
