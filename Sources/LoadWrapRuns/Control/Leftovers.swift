import CLoadWrap
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What loadwraps that could not clean up (SIGKILL, a crash) left in the runtime directory: a
/// control directory under a random name no later run reuses, and a terminal lock file no one
/// holds. Each run removes those of its user it finds abandoned, after its command has started,
/// so start-up does not wait for it.
package enum Leftovers {
    /// Removes this user's abandoned control directories and unheld lock files in `parent`,
    /// keeping `own` (this run's control directory).
    package static func sweep(_ parent: String, keeping own: String) {
        guard let directory = opendir(parent) else { return }
        defer { closedir(directory) }
        let channelPrefix = "loadwrap-\(getuid())."
        let lockPrefix = "loadwrap-\(getuid())-tty-"
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            let path = parent + "/" + name
            if name.hasPrefix(channelPrefix) && path != own {
                removeIfAbandoned(channel: path)
            } else if name.hasPrefix(lockPrefix) && name.hasSuffix(".lock") {
                removeIfUnheld(lock: path)
            }
        }
    }

    /// How long a control directory must have stood unchanged before it can be abandoned: a run
    /// that has just made it may not have made its FIFO, or opened it, yet.
    static let settleSeconds = 10

    /// Removes a control directory of this user whose FIFO has no reader: a live loadwrap keeps
    /// its end open all along, so opening the FIFO to write fails (ENXIO) only when it is gone.
    private static func removeIfAbandoned(channel path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, info.st_uid == getuid(),
              time(nil) - modificationTime(info) >= settleSeconds else { return }
        let fifo = path + "/control"
        let writer = open(fifo, O_WRONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        if writer >= 0 {
            close(writer)  // someone reads it: alive
            return
        }
        guard errno == ENXIO || errno == ENOENT else { return }
        ControlChannel.removeDirectory(path)
    }

    /// When a file last changed, in seconds since the epoch.
    private static func modificationTime(_ info: stat) -> Int {
        Platform.modificationSeconds(info)
    }

    /// Removes a lock file of this user that no one holds. It is unlinked while this run holds it,
    /// as a holder does when it ends: one who opened it before checks, once it has the lock, that
    /// the name still leads to its file (`TerminalLock`).
    private static func removeIfUnheld(lock path: String) {
        let lock = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard lock >= 0 else { return }
        defer { close(lock) }
        guard lw_is_own_file(lock) == 1, flock(lock, LOCK_EX | LOCK_NB) == 0, FileIdentity.same(lock, path: path) else { return }
        unlink(path)
    }
}
