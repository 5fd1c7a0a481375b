#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal switched to raw mode while the command has a pseudo-terminal of its own,
/// as util-linux `script` does: keys pass to the command's terminal byte for byte, and its
/// line discipline (echo, Ctrl-C) acts on them there.
package final class RawMode {
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
    /// Raw mode is claimed only once the terminal reads back as raw: tcsetattr(3) succeeds when
    /// any of the changes took, and "it may be necessary to follow this call with a further call
    /// to tcgetattr() to check that all changes have been performed" (Linux man-pages). A terminal
    /// left half raw gets its modes back and keeps its keys: with its echo still on, every key
    /// relayed would show twice, once there and once from the command's terminal.
    func enter() {
        var raw = saved
        cfmakeraw(&raw)
        guard Self.set(fd, raw) else { return }
        guard Self.isRaw(fd) else {
            _ = Self.set(fd, saved)
            return
        }
        isActive = true
    }

    /// Puts the saved modes back; harmless when not in raw mode. When the terminal refuses them,
    /// raw mode stays claimed, so that every later way out (Ctrl-Z, the end) tries again rather
    /// than leave the shell a terminal without echo.
    func restore() {
        guard isActive else { return }
        if Self.set(fd, saved) { isActive = false }
    }

    /// tcsetattr(3) once the output written so far has gone (TCSADRAIN), which a signal can
    /// interrupt while it waits (EINTR): then again.
    private static func set(_ fd: Int32, _ modes: termios) -> Bool {
        var modes = modes
        var result: Int32
        repeat { result = tcsetattr(fd, TCSADRAIN, &modes) } while result != 0 && errno == EINTR
        return result == 0
    }

    /// True when `fd` reads back without what cfmakeraw(3) turns off for keys and output:
    /// canonical input, echo, signal keys, extended input processing and output processing.
    private static func isRaw(_ fd: Int32) -> Bool {
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return false }
        return modes.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN) == 0 && modes.c_oflag & tcflag_t(OPOST) == 0
    }
}
