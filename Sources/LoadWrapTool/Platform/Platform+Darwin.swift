#if canImport(Darwin)
import CLoadWrap
import Darwin

/// Darwin (XNU): libproc, no subreaper, a pipe's unread count from `fstat`.
extension Platform {
    /// XNU's behaviours, each cited where its fallback is written.
    static let kernelTraits = Traits.darwin

    /// The value of a termios control character that is turned off: `_POSIX_VDISABLE`,
    /// `((unsigned char)'\377')` in sys/unistd.h, a cast Swift does not import. XNU's line
    /// discipline compares with it (bsd/kern/tty.c `CCEQ`), so there 0 is a real key (Ctrl-@).
    static let disabledControlCharacter: UInt8 = 0xFF

    /// XNU has no subreaper (no PR_SET_CHILD_SUBREAPER or procctl(PROC_REAP_ACQUIRE)): orphans
    /// go to launchd, and a timeout finds them only through the command's group and session.
    static func becomeSubreaper() {}

    /// Bytes written to the pipe `fd` (a write end) and not yet read. XNU's FIONREAD on a write
    /// end counts that end's own, empty buffer; `fstat` reports the peer's count there
    /// (bsd/kern/sys_pipe.c pipe_stat: "must be stat'ing the write fd ... use it's info").
    /// nil for a socket, whose size says nothing.
    static func unreadBytes(writeEnd fd: Int32) -> Int? {
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFIFO else { return nil }
        return Int(info.st_size)
    }

    /// The controlling terminal's device name (`/dev/ttys003`). XNU builds poll(2) on kqueue
    /// (bsd/kern/sys_generic.c poll_nocancel: POLLNVAL when a filter will not attach), and only
    /// pty, ptmx and tty drivers have filters (bsd/miscfs/specfs/spec_vnops.c spec_kqfilter), not
    /// `/dev/tty`'s ctty driver (bsd/kern/tty_tty.c); the device itself polls.
    static func controllingTerminalPath() -> String? {
        var name = [CChar](repeating: 0, count: 128)
        guard lw_darwin_controlling_terminal(&name, name.count) == 0 else { return nil }
        return String(cString: name)
    }

    /// The device number of the controlling terminal (proc_bsdinfo's e_tdev); nil without one.
    static func controllingTerminalDevice() -> UInt64? {
        var device: UInt64 = 0
        return lw_darwin_controlling_device(&device) == 0 ? device : nil
    }

    /// Memory-backed directories besides `XDG_RUNTIME_DIR`: macOS has no `/dev/shm`.
    static let memoryDirectories: [String] = []

    /// When the file `info` describes last changed, in seconds since the epoch (Darwin's
    /// `struct stat` names it st_mtimespec, <sys/stat.h>).
    static func modificationSeconds(_ info: stat) -> Int {
        Int(info.st_mtimespec.tv_sec)
    }

    /// nil: Darwin cannot open a pipe anew by descriptor (its `/dev/fd/N` duplicates the
    /// descriptor, sharing its flags: fdesc(5)), so the caller switches O_NONBLOCK around writes.
    static func reopenNonBlocking(pipe fd: Int32) -> Int32? { nil }

    /// This user's processes, with their parents, groups and sessions (libproc).
    static func processes() -> [ProcessEntry] {
        let capacity = 8192
        var list = [lw_process](repeating: lw_process(), count: capacity)
        let count = Int(lw_darwin_processes(&list, Int32(capacity)))
        return list.prefix(max(count, 0)).map {
            ProcessEntry(pid: $0.pid, parent: $0.parent, group: $0.group, session: $0.session)
        }
    }
}
#endif
