import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What loadwrap relies on that Linux and Darwin do differently, in one place: the kernel's
/// behaviours as `Traits`, which the logic elsewhere reads, and the calls the kernels answer
/// differently. Those are written in C (Sources/CLoadWrap/platform.c), where `make check-darwin`
/// compiles Darwin's half on every change; the Swift here is the same on both, so the Linux suite
/// runs what macOS runs.
package enum Platform {
    /// The kernel behaviours that change what loadwrap does.
    package struct Traits: Equatable, Sendable {
        /// posix_spawn's reopen of a terminal after POSIX_SPAWN_SETSID makes it the command's
        /// controlling terminal; else the spawn forks, calls setsid and TIOCSCTTY, then execs.
        var spawnAcquiresTerminal: Bool
        /// `si_code` tells a terminal's signal (the kernel) from kill(2) (a process); else the
        /// foreground group at delivery decides.
        var signalCodeTellsOrigin: Bool
        /// Output left in a pseudo-terminal survives the close of its last secondary descriptor;
        /// else loadwrap keeps its own copy open until the command has been reaped.
        package var closingSecondaryKeepsOutput: Bool
        /// Orphaned descendants can be made to reparent to loadwrap; else a timeout looks for
        /// the command's process group and session as well as loadwrap's children.
        var hasSubreaper: Bool
        /// `/dev/tty` can be polled; else the keyboard is the terminal's own device, or none.
        var devTtyPollable: Bool

        /// Linux.
        static let linux = Traits(
            spawnAcquiresTerminal: true, signalCodeTellsOrigin: true, closingSecondaryKeepsOutput: true,
            hasSubreaper: true, devTtyPollable: true)
        /// Darwin (XNU), each fact cited where the fallback it needs is written.
        static let darwin = Traits(
            spawnAcquiresTerminal: false, signalCodeTellsOrigin: false, closingSecondaryKeepsOutput: false,
            hasSubreaper: false, devTtyPollable: false)
    }

    /// Internal, for loadwrap's own tests: set to 1, Linux takes Darwin's traits, so the plain
    /// POSIX fallbacks Darwin needs run in the Linux test suite. Not a user setting.
    static let fallbackSwitch = "LOADWRAP_INTERNAL_POSIX_FALLBACKS"

    /// The kernel's own traits: XNU's, each cited where its fallback is written, or Linux's.
    static let kernelTraits: Traits = lw_kernel_is_xnu() == 1 ? .darwin : .linux

    /// The traits in effect for this process.
    package static let traits: Traits = getenv(fallbackSwitch).map { String(cString: $0) == "1" } == true ? .darwin : kernelTraits

    /// The value of a termios control character that is turned off (`_POSIX_VDISABLE`): 0 on
    /// Linux, 0xFF on Darwin, where 0 is a real key (Ctrl-@).
    static let disabledControlCharacter = lw_disabled_control_character()

    /// Makes loadwrap the subreaper of what the command starts (Linux's PR_SET_CHILD_SUBREAPER),
    /// unless the traits in effect say there is none: XNU has no such call, so orphans go to
    /// launchd and a timeout finds them only through the command's group and session.
    package static func becomeSubreaper() {
        if traits.hasSubreaper { lw_become_subreaper() }
    }

    /// Bytes written to the pipe `fd` (a write end) and not yet read; nil when it cannot be told.
    static func unreadBytes(writeEnd fd: Int32) -> Int? {
        let count = lw_pipe_unread_bytes(fd)
        return count >= 0 ? Int(count) : nil
    }

    /// The controlling terminal's own device (`/dev/ttys003`), for a keyboard that must not be
    /// `/dev/tty`: XNU builds poll(2) on kqueue (bsd/kern/sys_generic.c poll_nocancel: POLLNVAL when
    /// a filter will not attach), and only pty, ptmx and tty drivers have filters
    /// (bsd/miscfs/specfs/spec_vnops.c spec_kqfilter), not `/dev/tty`'s ctty driver
    /// (bsd/kern/tty_tty.c). nil on Linux, where `/dev/tty` polls like the device.
    static func controllingTerminalPath() -> String? {
        var path = [CChar](repeating: 0, count: 1024)
        guard lw_controlling_terminal_path(&path, path.count) == 0 else { return nil }
        return String(decoding: path.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// The device number of the controlling terminal, encoded as `st_rdev` is; nil without one.
    static func controllingTerminalDevice() -> UInt64? {
        var device: UInt64 = 0
        return lw_controlling_device(&device) == 0 ? device : nil
    }

    /// Memory-backed directories for the control channel besides `XDG_RUNTIME_DIR`: `/dev/shm`
    /// on Linux; macOS has none.
    package static let memoryDirectories: [String] = lw_memory_directory().map { [String(cString: $0)] } ?? []

    /// When the file `info` describes last changed, in seconds since the epoch.
    package static func modificationSeconds(_ info: stat) -> Int {
        withUnsafePointer(to: info) { Int(lw_modification_seconds($0)) }
    }

    /// The pipe `fd` opened anew for writing, non-blocking, with an open file description of its
    /// own; nil where that cannot be done (Darwin's `/dev/fd/N` duplicates the descriptor, sharing
    /// its flags: fdesc(5)), so the caller switches O_NONBLOCK around writes.
    static func reopenNonBlocking(pipe fd: Int32) -> Int32? {
        let own = lw_reopen_nonblocking(fd)
        return own >= 0 ? own : nil
    }

    /// loadwrap's own executable, to run again as the runner of several commands (`-c`): the
    /// kernel's answer, not argv[0], which may be a bare name, relative, or anything the caller
    /// chose (execve(2)). nil when the kernel cannot tell.
    package static func executablePath() -> String? {
        var path = [CChar](repeating: 0, count: 4096)
        guard lw_executable_path(&path, path.count) == 0 else { return nil }
        return String(decoding: path.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    /// The processes a timeout may look for, with their parents, groups and sessions: every one
    /// on Linux, this user's on Darwin. The list grows until it holds them all.
    package static func processes() -> [ProcessEntry] {
        var capacity: Int32 = 4096
        while true {
            var list = [lw_process](repeating: lw_process(), count: Int(capacity))
            let count = lw_processes(&list, capacity)
            if count < 0 && errno == ERANGE && capacity < Int32.max / 2 {
                capacity *= 2
                continue
            }
            return list.prefix(Int(max(count, 0))).map {
                ProcessEntry(pid: $0.pid, parent: $0.parent, group: $0.group, session: $0.session)
            }
        }
    }
}

/// One process, as a timeout looks for what the command started.
package struct ProcessEntry: Equatable {
    /// Its pid.
    var pid: pid_t
    /// Its parent's pid.
    var parent: pid_t
    /// Its process group.
    var group: pid_t
    /// Its session.
    var session: pid_t
}
