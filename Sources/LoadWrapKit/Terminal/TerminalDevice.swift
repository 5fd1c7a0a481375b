import CLoadWrap

/// The real terminal the overlay draws on, seen through one of its descriptors (stderr).
struct TerminalDevice {
    /// The descriptor loadwrap writes the overlay and relayed output to.
    let fd: Int32

    /// Opens the view on `fd`; nil when it is not a terminal.
    init?(fd: Int32) {
        guard isatty(fd) == 1 else { return nil }
        self.fd = fd
    }

    /// Rows and columns, or nil when the terminal does not say.
    var size: (rows: UInt16, columns: UInt16)? {
        var rows: UInt16 = 0
        var columns: UInt16 = 0
        guard lw_get_winsize(fd, &rows, &columns) == 0, columns > 0 else { return nil }
        return (rows, columns)
    }

    /// True while loadwrap's process group is in the foreground (else a job-control shell inside took it over,
    /// or loadwrap runs in the background).
    var isForeground: Bool {
        let foreground = tcgetpgrp(fd)
        return foreground < 0 || foreground == getpgrp()
    }

    /// True when `other` is the same terminal, so the command's writes to it must also pass the overlay.
    func isSameDevice(as other: Int32) -> Bool {
        guard isatty(other) == 1 else { return false }
        var a = stat()
        var b = stat()
        guard fstat(fd, &a) == 0, fstat(other, &b) == 0 else { return false }
        return a.st_rdev == b.st_rdev
    }
}
