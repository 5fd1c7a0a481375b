/// Notices when a program switches a terminal's echo or canonical mode (a password prompt,
/// a pager, an editor): then it wants the terminal to itself and the overlay steps aside.
struct ModeWatch {
    /// The terminal whose modes the command sets.
    let fd: Int32
    /// Echo and canonical mode as they were at start.
    private let initial: tcflag_t

    /// Records the current modes of `fd`.
    init(fd: Int32) {
        var modes = termios()
        self.fd = fd
        initial = tcgetattr(fd, &modes) == 0 ? modes.c_lflag & Self.watched : 0
    }

    /// True while echo and canonical mode are as they were at start.
    var isUnchanged: Bool {
        var modes = termios()
        return tcgetattr(fd, &modes) != 0 || modes.c_lflag & Self.watched == initial
    }

    private static let watched = tcflag_t(ECHO | ICANON)
}
