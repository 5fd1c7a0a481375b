import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How loadwrap itself ends, from how the command ended and whether `--timeout` ran out.
enum ExitPlan: Equatable {
    /// Exit with this status.
    case status(Int32)
    /// End as the command did: its exit status, or death by the same signal.
    case imitate(ChildEnd)

    /// A timeout gives 124, or 137 when the command itself had to be killed with SIGKILL, as GNU
    /// `timeout` does: it sends the SIGKILL only while the command still runs, and to its own
    /// process group too, so it dies of it and the shell sees 128+9. A command that obeyed SIGTERM
    /// gives 124 even when something it started needed SIGKILL (GNU `timeout` would have left that
    /// survivor running; loadwrap ends it). Otherwise the command's end.
    static func decide(end: ChildEnd, timeout: Timeout?) -> ExitPlan {
        guard let timeout, timeout.expired else { return .imitate(end) }
        return .status(end == .killed(SIGKILL) ? 128 + SIGKILL : 124)
    }

    /// Ends the process.
    func perform() -> Never {
        switch self {
        case .status(let code): exit(code)
        case .imitate(let end): end.imitate()
        }
    }
}
