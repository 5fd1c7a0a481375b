import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How the command ended, and how loadwrap ends to match it.
package enum ChildEnd: Equatable, Sendable {
    /// It exited with this status (0–255).
    case exited(Int32)
    /// It was killed by this signal.
    case killed(Int32)

    /// Decodes a `waitpid` status; nil when the child only stopped or continued.
    package init?(waitStatus: Int32) {
        let decoded = lw_decode_wait_status(waitStatus)
        if decoded >= 0 {
            self = .exited(decoded)
        } else if decoded > -1000 {
            self = .killed(-decoded)
        } else {
            return nil
        }
    }

    /// Ends loadwrap the same way: exit with the status, or die of the same signal so the shell
    /// sees 128+N (and a `while` loop stops on Ctrl-C), as SwiftPM's Cancellator does.
    package func imitate() -> Never {
        switch self {
        case .exited(let code):
            exit(code)
        case .killed(let signo):
            // No core file from loadwrap itself when the command dumped core.
            lw_disable_core_dumps()
            lw_default_signal(signo)
            kill(getpid(), signo)
            _exit(128 + signo)
        }
    }
}
