/// How a run ended, as the end line tells it.
enum Outcome: Equatable, Sendable {
    /// The command ended by itself.
    case ended(ChildEnd)
    /// `--timeout` ran out after this many milliseconds.
    case timedOut(afterMS: Int)

    /// True for exit status 0.
    var succeeded: Bool {
        self == .ended(.exited(0))
    }

    /// What went wrong, or nil on success: `exit 2`, `killed by SIGTERM`, `timed out after 30s`.
    var reason: String? {
        switch self {
        case .ended(.exited(0)): return nil
        case .ended(.exited(let code)): return "exit \(code)"
        case .ended(.killed(let signo)): return "killed by \(SignalName.of(signo))"
        case .timedOut(let ms): return "timed out after \(ReportLines.duration(ms: ms).replacingZeroTenths())"
        }
    }

    /// A timeout already says how long it ran.
    var hidesElapsed: Bool {
        if case .timedOut = self { return true }
        return false
    }
}

extension String {
    /// `30.0s` → `30s`: a configured limit reads as typed.
    fileprivate func replacingZeroTenths() -> String {
        hasSuffix(".0s") ? String(dropLast(3)) + "s" : self
    }
}
