#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal switched to raw mode while the command has a pseudo-terminal of its own,
/// as util-linux `script` does: keys pass to the command's terminal byte for byte, and its
/// line discipline (echo, Ctrl-C) acts on them there.
final class RawMode {
    /// The terminal loadwrap reads keys from.
    let fd: Int32
    /// Its modes before loadwrap touched them, restored on every way out.
    let saved: termios
    /// True while the terminal is in raw mode.
    private(set) var isActive = false

    /// Saves the modes of `fd`; nil when it is not a terminal.
    init?(fd: Int32) {
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return nil }
        self.fd = fd
        saved = modes
    }

    /// Switches to raw mode; output processing now happens once, in the command's pseudo-terminal.
    func enter() {
        var raw = saved
        cfmakeraw(&raw)
        if tcsetattr(fd, TCSADRAIN, &raw) == 0 { isActive = true }
    }

    /// Puts the saved modes back; harmless when not in raw mode.
    func restore() {
        guard isActive else { return }
        var modes = saved
        tcsetattr(fd, TCSADRAIN, &modes)
        isActive = false
    }
}
