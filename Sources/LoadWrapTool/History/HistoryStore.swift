import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The remembered runs on disk: `$XDG_STATE_HOME/loadwrap/` (default `~/.local/state/loadwrap/`),
/// a directory 0700 holding up to 256 files 0600 (`v1-00` … `v1-ff`, by the key's top byte), each
/// within `HistoryFile`'s bounds, and a `lock` file.
///
/// A write takes the lock (`flock`, exclusive) and reads the key's file. Usually it then appends the
/// run as one line (`O_APPEND`, one `write`): no new file and no rename, which on ext4 cost more
/// than everything else together. A file grown past `HistoryFile.appendLimit`, or holding anything
/// but whole records, is compacted instead: written to `v1.tmp` and renamed over the file. Readers
/// take no lock: they see whole lines, or a last line still being appended, which they skip. The
/// temporary name is fixed and only the lock's holder touches it, so one left by a loadwrap that
/// died mid-write is removed by the next compaction. Nothing here is ever an error for the user:
/// an unreadable file reads as empty and is replaced by the next write.
struct HistoryStore: Sendable {
    /// The directory, without a trailing slash.
    let directory: String

    /// A store in `directory`, which need not exist yet.
    init(directory: String) {
        self.directory = directory
    }

    /// The store of this user: under `XDG_STATE_HOME` when it is an absolute path (the XDG base
    /// directory specification ignores relative ones), else under `HOME/.local/state`; nil without either.
    init?(environment: [String: String]) {
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            self.init(directory: Self.trimmed(state) + "/loadwrap")
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            self.init(directory: Self.trimmed(home) + "/.local/state/loadwrap")
        } else {
            return nil
        }
    }

    /// The runs of `key`, oldest first; none when the file is missing or unreadable.
    func runs(of key: HistoryKey) -> [HistoryRecord] {
        HistoryFile(parsing: contents(of: file(for: key))).runs(of: key)
    }

    /// Adds `record` to its file; false when the directory or the file could not be written
    /// (read-only, full, gone), which changes nothing else.
    @discardableResult
    func remember(_ record: HistoryRecord) -> Bool {
        guard makeDirectories(), let lock = lock() else { return false }
        defer { close(lock) }
        let path = file(for: record.key)
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        defer { if fd >= 0 { close(fd) } }
        let bytes = fd >= 0 ? readAll(fd) : []
        var contents = HistoryFile(parsing: bytes)
        if fd >= 0 && contents.allowsAppending(record, size: bytes.count) {
            return FileDescriptorIO.writeAll(fd, record.line)
        }
        contents.add(record)
        return replace(path, with: contents.bytes)
    }

    /// Forgets every run: the store's files, its lock and its directory go (other files are
    /// left alone, and then so is the directory). Nothing to forget is not a failure.
    func clear() {
        guard let lock = lock() else { return }
        if let handle = opendir(directory) {
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name.hasPrefix("v1-") || name == Self.temporaryName { unlink(directory + "/" + name) }
            }
            closedir(handle)
        }
        unlink(directory + "/" + Self.lockName)
        close(lock)
        rmdir(directory)
    }

    /// The file that holds `key`'s runs.
    func file(for key: HistoryKey) -> String {
        // A String, not the Substring `prefix` gives: `String + Substring` is the generic
        // append(contentsOf:), which had the runtime find Substring's Sequence conformance by
        // scanning every conformance record, ~100 k instructions at the end of each remembered run
        // (callgrind, gdb on swift_conformsToProtocolWithExecutionContext).
        directory + "/v1-" + String(key.hex.prefix(2))
    }

    static let lockName = "lock"
    static let temporaryName = "v1.tmp"

    /// `path` without trailing slashes (`/` becomes the empty prefix of `/loadwrap`).
    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// Creates the directory and any missing parent, each 0700, as the XDG specification asks
    /// of the state directory; true when it exists afterwards.
    private func makeDirectories() -> Bool {
        var info = stat()
        if stat(directory, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR }
        var path = ""
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o700) != 0 && errno != EEXIST { return false }
        }
        return stat(directory, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// The store's lock, held (a descriptor to close), or nil. A lock file that `clear` removed
    /// while this waited for it no longer guards anything: then the current one is taken instead.
    private func lock() -> Int32? {
        let path = directory + "/" + Self.lockName
        for _ in 0..<3 {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard fd >= 0 else { return nil }
            var result: Int32
            repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
            if result == 0, FileIdentity.same(fd, path: path) { return fd }
            close(fd)
            if result != 0 { return nil }
        }
        return nil
    }

    /// Up to `HistoryFile.maxBytes` of the file at `path`; empty when it cannot be read.
    private func contents(of path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return readAll(fd)
    }

    /// Up to `HistoryFile.maxBytes` of the regular file open as `fd`, from its start; a file too
    /// long is not one of ours, and its end is dropped (it reads as not clean, so it is compacted).
    private func readAll(_ fd: Int32) -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return [] }
        return FileDescriptorIO.readPrefix(fd, upTo: min(Int(info.st_size) + 1, HistoryFile.maxBytes))
    }

    /// Writes `bytes` to the temporary file and renames it over `path`; the lock must be held.
    private func replace(_ path: String, with bytes: [UInt8]) -> Bool {
        let temporary = directory + "/" + Self.temporaryName
        unlink(temporary)  // a leftover of a loadwrap that died here; its mode is not trusted
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return false }
        let written = bytes.withUnsafeBytes { FileDescriptorIO.writeAll(fd, $0) }
        guard close(fd) == 0, written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
