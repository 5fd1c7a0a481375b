/// `--timeout` as a state machine over time: when the command's time is up it gets SIGTERM,
/// and SIGKILL `killAfterMS` later if anything of it is still there (GNU `timeout`'s `-k`).
package struct Timeout: Sendable {
    /// What to do now.
    enum Action: Equatable {
        case none, terminate, kill
    }

    /// Milliseconds the command may run.
    package let limitMS: Int
    /// Milliseconds between SIGTERM and SIGKILL.
    let killAfterMS: Int
    /// When the command started.
    let startMS: Int
    /// When SIGTERM went out, once the time is up.
    private(set) var terminatedAtMS: Int?
    /// True once SIGKILL went out.
    private(set) var killed = false

    /// True once the time is up.
    package var expired: Bool { terminatedAtMS != nil }

    /// Creates a timeout counting from `startMS`.
    init(limitMS: Int, killAfterMS: Int, startMS: Int) {
        self.limitMS = limitMS
        self.killAfterMS = killAfterMS
        self.startMS = startMS
    }

    /// When `check` next has something to do, or nil when nothing is left.
    var nextDeadlineMS: Int? {
        if killed { return nil }
        guard let terminatedAtMS else { return startMS + limitMS }
        return terminatedAtMS + killAfterMS
    }

    /// The action due at `nowMS`, advancing the state.
    mutating func check(nowMS: Int) -> Action {
        guard let deadline = nextDeadlineMS, nowMS >= deadline else { return .none }
        if terminatedAtMS == nil {
            terminatedAtMS = nowMS
            return .terminate
        }
        killed = true
        return .kill
    }
}
