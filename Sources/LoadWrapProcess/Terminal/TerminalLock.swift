import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One spinner per terminal (like an app's singleton activity indicator): a loadwrap that draws on a terminal
/// holds a lock named after it, so a second one on the same terminal — the other side of a pipe,
/// a background job — draws nothing instead of fighting over the line and the keyboard. The
/// holder writes its control channel's path into the lock file, so the second one can show its
/// title on the one spinner (`gen | parse`), and removes the file when it ends: nothing of it
/// outlives loadwrap (after a SIGKILL the next run on that terminal reuses the name).
package final class TerminalLock {
    /// Who draws on the terminal.
    package enum Claim {
        /// This loadwrap, holding `lock` until `release` (nil when no lock could be made at all).
        case drawing(TerminalLock?)
        /// Another loadwrap, whose control channel is at this path when it said so in time, and
        /// whose turn this one takes to write on the terminal (nil: it has none).
        case taken(channelPath: String?, turn: TerminalTurn?)
    }

    private let path: String
    private let fd: Int32
    /// The turn to write on the terminal, held while the line is drawn (nil: none could be made).
    package let turn: TerminalTurn?

    private init(path: String, fd: Int32, turn: TerminalTurn?) {
        self.path = path
        self.fd = fd
        self.turn = turn
    }

    /// Takes the lock for the terminal on `fd`, in the first of `directories` that takes it (the
    /// control channel's candidates), and, when it is this loadwrap's, publishes `channelPath` in
    /// it. When no lock can be made (no writable directory) loadwrap draws anyway.
    package static func acquire(terminal fd: Int32, directories: [String], channelPath: String?) -> Claim {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .drawing(nil) }
        // `/dev/tty` is one device number for every session: the lock is named after the
        // terminal behind it, or loadwraps on different terminals would take one another's.
        let device = TerminalDevice.isDevTty(fd) ? Platform.controllingTerminalDevice() : UInt64(info.st_rdev)
        guard let device else { return .drawing(nil) }
        for directory in directories {
            let path = "\(directory)/loadwrap-\(getuid())-tty-\(device).lock"
            if let claim = claim(path, channelPath: channelPath) { return claim }
        }
        return .drawing(nil)
    }

    /// Removes the lock file, then lets the lock go: one who opened the file before sees it gone
    /// once it has the lock (`claim` checks), one who opens it after makes a new one.
    package func release() {
        turn?.letGo()
        unlink(path)
        close(fd)
    }

    /// The claim on the lock file at `path`, or nil when it cannot be used (another user's file).
    private static func claim(_ path: String, channelPath: String?) -> Claim? {
        for _ in 0..<8 {
            let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard lock >= 0 else { return nil }
            guard lw_is_own_file(lock) == 1 else {
                close(lock)  // another user's file where ours should be: not a lock to trust
                return nil
            }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 {
                guard FileIdentity.same(lock, path: path) else {
                    close(lock)  // its holder removed it as it left: the lock is a new file now
                    continue
                }
                // The turn exists before the channel is published: one who reads the channel finds it.
                let turn = channelPath.flatMap { TerminalTurn.create(at: TerminalTurn.path(besideChannel: $0)) }
                publish(channelPath ?? "", in: lock)
                return .drawing(TerminalLock(path: path, fd: lock, turn: turn))  // kept open: held until release or exit
            }
            defer { close(lock) }
            let channel = publishedPath(in: lock)
            return .taken(channelPath: channel, turn: channel.flatMap { TerminalTurn.join(at: TerminalTurn.path(besideChannel: $0)) })
        }
        return .drawing(nil)
    }
    /// Replaces the lock file's contents with `path`.
    private static func publish(_ path: String, in lock: Int32) {
        _ = ftruncate(lock, 0)
        var line = path
        _ = line.withUTF8 { pwrite(lock, $0.baseAddress, $0.count, 0) }
    }

    /// The holder's channel path: it writes it right after taking the lock, so a loadwrap started
    /// at the same moment waits for it a little (at most about 100 ms).
    private static func publishedPath(in lock: Int32) -> String? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<50 {
            let n = buffer.withUnsafeMutableBytes { pread(lock, $0.baseAddress, $0.count, 0) }
            if n > 0 { return String(decoding: buffer[0..<n], as: UTF8.self) }
            usleep(2_000)
        }
        return nil
    }
}
