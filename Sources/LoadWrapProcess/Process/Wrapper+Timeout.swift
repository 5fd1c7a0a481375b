#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--timeout`: SIGTERM to the command and everything it started, SIGKILL after `--kill-after`.
extension Wrapper {
    /// Sends the timeout's signal when one is due.
    func enforceTimeout() {
        switch timeout?.check(nowMS: clock.nowMS()) {
        case .terminate?: signalTree(SIGTERM)
        case .kill?: signalTree(SIGKILL)
        default: break
        }
    }

    /// After a timeout, true while processes the command started are still alive and SIGKILL
    /// has not gone out yet; their deaths wake the loop where loadwrap is their subreaper, and
    /// the next `survivorCheckMS` does where it is not.
    func timeoutLeavesSurvivors() -> Bool {
        guard let timeout, timeout.expired, !timeout.killed else { return false }
        return !ProcessTree.started(by: child, below: getpid()).isEmpty
    }

    /// How often survivors of a timeout are looked for when their deaths do not wake the loop.
    static let survivorCheckMS = 100

    /// Signals the command's process group (when it leads one) and every descendant;
    /// SIGCONT after SIGTERM wakes stopped ones so they can act on it, as GNU `timeout` does.
    func signalTree(_ signo: Int32) {
        if topology.commandLeadsGroup && end == nil { kill(-child, signo) }
        // The command first, then its descendants parents before children (`started` lists them
        // so): a shell killed before its child cannot report the child's death ("Killed").
        var seen: Set<pid_t> = []
        let targets = (end == nil ? [child] : []) + ProcessTree.started(by: child, below: getpid())
        for pid in targets where seen.insert(pid).inserted {
            kill(pid, signo)
            if signo == SIGTERM { kill(pid, SIGCONT) }
        }
    }
}
