import CLoadWrap
import CLoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal the overlay draws on, seen through one of its descriptors (stderr).
package struct TerminalDevice {
    /// The descriptor loadwrap writes the overlay and relayed output to.
    package let fd: Int32
    /// loadwrap's process group, read once: loadwrap never moves itself to another, and the
    /// foreground check runs before every frame.
    private let group: pid_t

    /// Opens the view on `fd`; nil when it is not a terminal.
    package init?(fd: Int32) {
        guard isatty(fd) == 1 else { return nil }
        self.fd = fd
        group = getpgrp()
    }

    /// Rows and columns, or nil when the terminal does not say.
    package var size: (rows: UInt16, columns: UInt16)? {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard lw_get_winsize(fd, &rows, &columns) == 0, columns > 0 else { return nil }
        return (rows, columns)
    }

    /// True while loadwrap's process group is in the foreground (else a job-control shell inside took it over,
    /// or loadwrap runs in the background).
    package var isForeground: Bool {
        let foreground = tcgetpgrp(fd)
        return foreground < 0 || foreground == group
    }

    /// True while the terminal turns `\n` into `\r\n` on output (OPOST and ONLCR): not in raw mode.
    package var translatesNewlines: Bool {
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return true }
        return modes.c_oflag & tcflag_t(OPOST) != 0 && modes.c_oflag & tcflag_t(ONLCR) != 0
    }

    /// True when this is loadwrap's controlling terminal: the one whose keys send it signals.
    package var isControlling: Bool {
        let session = tcgetsid(fd)
        return session >= 0 && session == getsid(0)
    }

    /// True while a key that sends a signal (Ctrl-C, Ctrl-\, Ctrl-Z) is echoed as `^C` where the
    /// cursor is (ISIG, ECHO and ECHOCTL: a shell's usual modes).
    package var echoesSignalKeys: Bool {
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return false }
        let wanted = tcflag_t(ISIG | ECHO | ECHOCTL)
        return modes.c_lflag & wanted == wanted
    }

    /// The terminal as a keyboard loadwrap may read: stdin if that is the terminal, else the
    /// terminal opened anew for reading, as a pager reads keys while its input is a pipe — if it
    /// is loadwrap's controlling terminal, so no one else's keys are taken. Nil when neither, or
    /// when the only way to it is a `/dev/tty` that cannot be polled (Darwin, unless the
    /// platform names the device behind it).
    package func keyboard() -> RawMode? {
        if isSameDevice(as: 0) && Self.pollable(0) { return RawMode(fd: 0) }
        guard let name = keyboardPath() else { return nil }
        let keys = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard keys >= 0 else { return nil }
        if tcgetsid(keys) == getsid(0), let mode = RawMode(fd: keys) { return mode }
        close(keys)
        return nil
    }

    /// The name to open the terminal by for keys: its own, or, when that is a `/dev/tty` which
    /// cannot be polled, the controlling terminal's device name where the platform tells it.
    private func keyboardPath() -> String? {
        guard let name = ttyname(fd) else { return nil }
        return Self.pollable(fd) ? String(cString: name) : Platform.controllingTerminalPath()
    }

    /// True when the event loop can poll `fd` for keys: anything but `/dev/tty` where it cannot.
    private static func pollable(_ fd: Int32) -> Bool {
        Platform.traits.devTtyPollable || !isDevTty(fd)
    }

    /// True when `fd` is open on `/dev/tty` itself (its device number), not on a terminal's device.
    static func isDevTty(_ fd: Int32) -> Bool {
        var open = stat()
        var tty = stat()
        guard fstat(fd, &open) == 0, stat("/dev/tty", &tty) == 0 else { return false }
        return open.st_mode & S_IFMT == S_IFCHR && open.st_rdev == tty.st_rdev
    }

    /// Whether loadwrap has a controlling terminal, where keys could reach the command's group.
    package static func controllingTerminalExists() -> Bool {
        let fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if fd >= 0 { close(fd) }
        return fd >= 0
    }

    /// True when `other` is the same terminal, so the command's writes to it must also pass the overlay.
    package func isSameDevice(as other: Int32) -> Bool {
        guard isatty(other) == 1 else { return false }
        var a = stat()
        var b = stat()
        guard fstat(fd, &a) == 0, fstat(other, &b) == 0 else { return false }
        return a.st_rdev == b.st_rdev
    }
}
