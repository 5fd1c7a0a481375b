import CLoadWrap

/// One spinner per terminal (the seed's singleton indicator): a loadwrap that draws on a terminal
/// holds a lock named after it, so a second one on the same terminal — the other side of a pipe,
/// a background job — runs silent instead of fighting over the line and the keyboard.
enum TerminalLock {
    /// Takes the lock for the terminal on `fd`, held until loadwrap exits; false when another
    /// loadwrap holds it. When no lock can be made (no writable directory) loadwrap draws anyway.
    static func acquire(terminal fd: Int32, environment: [String: String]) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return true }
        for directory in ControlChannel.candidates(environment) {
            let path = "\(directory)/loadwrap-\(getuid())-tty-\(info.st_rdev).lock"
            let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            guard lock >= 0 else { continue }
            guard lw_is_own_file(lock) == 1 else {
                close(lock)  // another user's file where ours should be: not a lock to trust
                continue
            }
            if flock(lock, LOCK_EX | LOCK_NB) == 0 { return true }  // kept open: released at exit
            close(lock)
            return false
        }
        return true
    }
}
