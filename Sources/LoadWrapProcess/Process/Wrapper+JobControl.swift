#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signals delivered to loadwrap while the command runs: what is passed on, how the command's
/// end is collected, and Ctrl-Z / `fg` for loadwrap and the command together.
extension Wrapper {
    /// Acts on one signal delivered to loadwrap.
    func handle(_ delivery: SignalPipe.Delivery) {
        if Self.signalKeys.contains(delivery.signo) && !delivery.sentByProcess && !topology.keysThroughLoadwrap {
            events.signalKeyTyped()
        }
        switch delivery.signo {
        case SIGCHLD:
            reap()
        case SIGWINCH:
            resize()
        case SIGTSTP:
            if topology.sharesLoadwrapsGroup && delivery.sentByProcess { kill(child, SIGTSTP) }
            suspendTogether()
        case SIGCONT:
            resumeTogether()
        default:  // SIGINT, SIGQUIT, SIGTERM, SIGHUP
            toldToStop = true
            forward(delivery)
        }
    }

    /// Signals the real terminal sends for a key, and echoes (`^C`) when it does not pass keys through loadwrap.
    private static let signalKeys: [Int32] = [SIGINT, SIGQUIT, SIGTSTP]

    /// Copies the terminal's size to the command's pseudo-terminal and redraws at the new width.
    /// A pseudo-terminal that is the command's own signals its foreground group on resize; one
    /// that is not signals no one, so loadwrap does, once the new size is in place.
    func resize() {
        guard plumbing.pty != nil else { return }
        plumbing.resize(to: terminal?.size)
        events.resized()
        if !topology.kernelSignalsResize { kill(child, SIGWINCH) }
    }

    /// Passes a signal on to the command. Leading a group of its own, the command's group gets
    /// everything, once. Sharing loadwrap's group on a terminal, keys (Ctrl-C, hangup) already
    /// reached it: only a signal another process sent goes on, unless that process signals the
    /// whole group (`groupSignaled`).
    func forward(_ delivery: SignalPipe.Delivery) {
        if topology.commandLeadsGroup {
            kill(-child, delivery.signo)
        } else if delivery.sentByProcess && !groupSignaled {
            kill(child, delivery.signo)
        }
    }

    /// Collects every ended child: the command's status, and orphans loadwrap adopted as subreaper.
    func reap() {
        ChildReaper.collect { pid, ended in
            if pid == child { end = ended }
        }
    }

    /// Ctrl-Z: erase the line, give the terminal back, stop with the command, and carry on after
    /// `fg`. The resume happens here, right after the stop, and not again when the SIGCONT that
    /// woke loadwrap is read: a process group orphaned by its shell is never stopped by SIGTSTP,
    /// and there no SIGCONT would come.
    func suspendTogether() {
        suspended = true
        if topology.commandLeadsGroup { kill(-child, SIGSTOP) }
        events.suspend()
        plumbing.keyboard?.release()
        signals.restoreDefault(SIGTSTP)
        kill(getpid(), SIGTSTP)
        signals.catchAgain(SIGTSTP)
        resumeTogether()
    }

    /// After `fg`: take the keyboard again, wake the command, take the new size, redraw — once
    /// per stop.
    func resumeTogether() {
        guard suspended else { return }
        suspended = false
        plumbing.keyboard?.takeIfForeground()
        if topology.commandLeadsGroup { kill(-child, SIGCONT) }
        plumbing.resize(to: terminal?.size)
        events.resume()
    }
}
