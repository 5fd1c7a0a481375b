/// Signals delivered to loadwrap while the command runs: what is passed on, how the command's
/// end is collected, and Ctrl-Z / `fg` for loadwrap and the command together.
extension Wrapper {
    /// Acts on one signal delivered to loadwrap.
    func handle(_ delivery: SignalPipe.Delivery) {
        switch delivery.signo {
        case SIGCHLD:
            reap()
        case SIGWINCH:
            pty?.resize()
            // A pseudo-terminal that is the command's own signals its foreground group on resize;
            // one that is not (no keys through loadwrap) signals no one, so loadwrap does.
            if keyboard == nil { kill(child, SIGWINCH) }
        case SIGTSTP:
            if !ownGroup && delivery.sentByProcess { kill(child, SIGTSTP) }
            suspendTogether()
        case SIGCONT:
            resumeTogether()
        default:
            forward(delivery)
        }
    }

    /// Passes a signal on to the command. In a process group of its own (keys through loadwrap, or
    /// no terminal at all) everything goes to that group, once. Sharing loadwrap's group on a
    /// terminal, keys (Ctrl-C, hangup) already reached it: only a signal another process sent goes on.
    func forward(_ delivery: SignalPipe.Delivery) {
        if ownGroup {
            kill(-child, delivery.signo)
        } else if delivery.sentByProcess {
            kill(child, delivery.signo)
        }
    }

    /// Collects every ended child: the command's status, and orphans loadwrap adopted as subreaper.
    func reap() {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid < 0 && errno == EINTR { continue }
            guard pid > 0 else { return }
            if pid == child, let ended = ChildEnd(waitStatus: status) { end = ended }
        }
    }

    /// Ctrl-Z: erase the line, give the terminal back, stop with the command, and redraw after `fg`.
    func suspendTogether() {
        if ownGroup { kill(-child, SIGSTOP) }
        pty?.suspend()
        keyboard?.release()
        signals.restoreDefault(SIGTSTP)
        kill(getpid(), SIGTSTP)
        signals.catchAgain(SIGTSTP)
        resumeTogether()
    }

    /// After `fg` (SIGCONT): take the keyboard again, wake the command, redraw.
    func resumeTogether() {
        keyboard?.takeIfForeground()
        if ownGroup { kill(-child, SIGCONT) }
        pty?.resume()
    }
}
