#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Collects ended children with `waitpid(-1, …)`: loadwrap's command or the `-c` runner's
/// inners, and the orphans either adopted as subreaper, which each caller tells apart by pid.
package enum ChildReaper {
    /// Collects every child that has ended, without blocking, handing each pid and its end to
    /// `ended`; a child that only stopped or continued is skipped (`ChildEnd(waitStatus:)`).
    package static func collect(_ ended: (pid_t, ChildEnd) -> Void) {
        while true {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, WNOHANG)
            if pid < 0 && errno == EINTR { continue }
            guard pid > 0 else { return }
            if let end = ChildEnd(waitStatus: status) { ended(pid, end) }
        }
    }

    /// Waits for one child to end, then collects the rest: for when `poll` can no longer tell
    /// of a death.
    package static func collectBlocking(_ ended: (pid_t, ChildEnd) -> Void) {
        var status: Int32 = 0
        let pid = waitpid(-1, &status, 0)
        if pid > 0, let end = ChildEnd(waitStatus: status) { ended(pid, end) }
        collect(ended)
    }
}
