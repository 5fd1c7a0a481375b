#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A held run's place in the line of runs waiting for the turn (`SiblingLock.live`), so that the
/// oldest takes over when the run that streams ends (mise's keep-order), where flock(2) alone
/// would give the turn to whichever asks first. Each waiting run holds a lock on a file of its own
/// in the outer's private directory, named by when it started on the system-wide monotonic clock;
/// a run is first once no file with an earlier name is locked. A file left by a run that died
/// (its lock free) is removed by the next run that looks.
final class SiblingQueue {
    /// The file name prefix of a place in the line.
    static let prefix = "wait."

    private let directory: String
    /// This run's file name.
    private let name: String
    private let fd: Int32
    /// True once no run that started earlier waits: none can join ahead of it later.
    private(set) var isFirst = false

    /// Joins the line in `directory`, started at `startNS`; nil when the file cannot be made (the
    /// run then asks for the turn as if first). The file is locked before it gets its name, so a
    /// run that looks never takes a new place for a dead one.
    init?(directory: String, startNS: UInt64) {
        let name = Self.prefix + Self.padded(startNS) + ".\(getpid())"
        let partial = "\(directory)/\(name).part"
        let fd = open(partial, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0, rename(partial, "\(directory)/\(name)") == 0 else {
            unlink(partial)
            close(fd)
            return nil
        }
        (self.directory, self.name, self.fd) = (directory, name, fd)
    }

    /// Whether this run is first in line now: no earlier place is held by a run still alive.
    func lookIfFirst() -> Bool {
        if isFirst { return true }
        isFirst = !Self.names(in: directory).contains { $0 < name && Self.isHeld("\(directory)/\($0)") }
        return isFirst
    }

    /// Leaves the line: the run has the turn, or has ended.
    func leave() {
        unlink("\(directory)/\(name)")
        close(fd)
    }

    /// Whether any run waits in the line in `directory`, or has left a block there: then the run
    /// that streams ends with an end line, to mark where its output ends.
    static func anyBeside(in directory: String) -> Bool {
        !names(in: directory, prefixes: [prefix, SiblingBlocks.prefix]).isEmpty
    }

    /// Whether the place at `path` is held; one whose run has gone is removed.
    private static func isHeld(_ path: String) -> Bool {
        let fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return true }
        unlink(path)
        return false
    }

    /// The names of the complete places in `directory` (or of other files, by `prefixes`).
    private static func names(in directory: String, prefixes: [String] = [prefix]) -> [String] {
        ControlChannel.names(in: directory).filter { name in
            prefixes.contains(where: name.hasPrefix) && !name.hasSuffix(".part")
        }
    }

    /// `value` in 20 digits, so that names sort as the times do.
    private static func padded(_ value: UInt64) -> String {
        let digits = String(value)
        return String(repeating: "0", count: 20 - digits.count) + digits
    }
}
