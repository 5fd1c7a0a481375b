#if os(Linux)
import CLoadWrap
import Glibc

/// Linux: `/proc`, PR_SET_CHILD_SUBREAPER, FIONREAD from either end of a pipe.
extension Platform {
    /// Linux behaves as loadwrap first assumed.
    static let kernelTraits = Traits.linux

    /// The value of a termios control character that is turned off: `_POSIX_VDISABLE`, `'\0'` in
    /// glibc's bits/posix_opt.h (a character-literal macro Swift does not import).
    static let disabledControlCharacter: UInt8 = 0

    /// Makes loadwrap the subreaper of what the command starts (prctl PR_SET_CHILD_SUBREAPER),
    /// unless the traits in effect say there is none.
    static func becomeSubreaper() {
        if traits.hasSubreaper { lw_become_subreaper() }
    }

    /// Bytes written to the pipe `fd` (a write end) and not yet read: FIONREAD counts the pipe's
    /// buffer from either end (pipe_ioctl in fs/pipe.c); nil when it cannot be told.
    static func unreadBytes(writeEnd fd: Int32) -> Int? {
        let count = lw_unread_bytes(fd)
        return count >= 0 ? Int(count) : nil
    }

    /// The controlling terminal's own device name, for a keyboard that must not be `/dev/tty`:
    /// never needed on Linux, where `/dev/tty` polls like the device.
    static func controllingTerminalPath() -> String? { nil }

    /// The device number of the controlling terminal: tty_nr in `/proc/self/stat`, encoded as
    /// `st_rdev` is (proc(5)); nil without one.
    static func controllingTerminalDevice() -> UInt64? {
        guard let fields = statFields(getpid()), fields.count > 4, let device = UInt64(fields[4]), device != 0 else { return nil }
        return device
    }

    /// Memory-backed directories for the control channel, besides `XDG_RUNTIME_DIR`.
    static let memoryDirectories = ["/dev/shm"]

    /// When the file `info` describes last changed, in seconds since the epoch.
    static func modificationSeconds(_ info: stat) -> Int {
        Int(info.st_mtim.tv_sec)
    }

    /// The pipe `fd` opened anew for writing, non-blocking, with an open file description of its
    /// own (`/proc/self/fd`, proc(5)); nil when that fails.
    static func reopenNonBlocking(pipe fd: Int32) -> Int32? {
        let own = open("/proc/self/fd/\(fd)", O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        return own >= 0 ? own : nil
    }

    /// Every process in `/proc`, with its parent, group and session.
    static func processes() -> [ProcessEntry] {
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var table: [ProcessEntry] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if let pid = pid_t(name), let found = process(pid) { table.append(found) }
        }
        return table
    }

    /// The parent, process group and session from `/proc/PID/stat`.
    private static func process(_ pid: pid_t) -> ProcessEntry? {
        guard let fields = statFields(pid), fields.count > 3 else { return nil }
        let ids = fields[1...3].map { pid_t($0) }
        guard let parent = ids[0], let group = ids[1], let session = ids[2] else { return nil }
        return ProcessEntry(pid: pid, parent: parent, group: group, session: session)
    }

    /// The fields of `/proc/PID/stat` after the `)` that ends the command name: the state, the
    /// parent, the process group, the session, the terminal… (proc(5)).
    private static func statFields(_ pid: pid_t) -> [String]? {
        let fd = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0, let close = buffer[0..<n].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        return buffer[(close + 1)..<n].split(separator: UInt8(ascii: " ")).prefix(5).map { String(decoding: $0, as: UTF8.self) }
    }
}
#endif
