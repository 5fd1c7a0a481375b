/// How long a command usually takes, from its remembered runs: the median of its most recent
/// successes, once there are at least two. A median, not a mean: one run slowed by a cold cache
/// or a busy machine does not move it.
enum HistoryEstimate {
    /// Successes needed before a figure is shown.
    static let minimumSuccesses = 2
    /// The most recent successes the median is taken over, so the figure follows a build that
    /// got faster or slower within a few runs.
    static let recentSuccesses = 9

    /// The usual duration in milliseconds for `runs` (oldest first), or nil.
    static func usualMS(_ runs: [HistoryRecord]) -> Int? {
        let recent = runs.filter(\.succeeded).suffix(recentSuccesses).map(\.elapsedMS).sorted()
        guard recent.count >= minimumSuccesses else { return nil }
        let middle = recent.count / 2
        return recent.count % 2 == 1 ? recent[middle] : (recent[middle - 1] + recent[middle]) / 2
    }
}
