#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Notices when a program switches a terminal's echo or canonical mode (a password prompt,
/// a pager, an editor): then it wants the terminal to itself and the overlay steps aside.
package struct ModeWatch {
    /// What counts as the terminal being free for the overlay.
    enum Rule {
        /// Echo and canonical mode as they were at start: on the command's own terminal, or on a
        /// terminal loadwrap is alone on, whoever changes them is the command.
        case unchangedSinceStart
        /// Echo and canonical mode both on: on a shared terminal another process (a pager at the
        /// other end of a pipe) may have changed them before loadwrap started.
        case cookedWithEcho
    }

    /// The terminal whose modes are watched.
    let fd: Int32
    private let rule: Rule
    /// Echo and canonical mode as they were at start.
    private let initial: tcflag_t

    /// Records the current modes of `fd`.
    init(fd: Int32, rule: Rule) {
        var modes = termios()
        self.fd = fd
        self.rule = rule
        initial = tcgetattr(fd, &modes) == 0 ? modes.c_lflag & Self.watched : 0
    }

    /// True while the modes leave the terminal free for the overlay; true when they cannot be read.
    package var allowsDrawing: Bool {
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return true }
        let current = modes.c_lflag & Self.watched
        switch rule {
        case .unchangedSinceStart: return current == initial
        case .cookedWithEcho: return current == Self.watched
        }
    }

    private static let watched = tcflag_t(ECHO | ICANON)
}
