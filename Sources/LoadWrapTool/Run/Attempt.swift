import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of the command under `--retry`: which one it is, and the rules for another.
struct Attempt: Equatable {
    /// 1 for the first run of the command.
    let number: Int
    /// 1 + `--retry`.
    let total: Int

    /// The longest wait between two attempts: doubling stops here, as curl's `--retry` backoff
    /// stops at 10 minutes and the GitHub retry actions at a configured maximum; a minute keeps a
    /// CI step from idling for long.
    static let longestDelayMS = 60_000

    /// The title shown for this attempt: the run's own for the first, then `make (attempt 2/3)`.
    func title(_ base: String) -> String {
        number == 1 ? base : "\(base) (attempt \(number)/\(total))"
    }

    /// The attempt after this one, or nil after the last.
    var next: Attempt? {
        number < total ? Attempt(number: number + 1, total: total) : nil
    }

    /// The wait before the next attempt: `firstMS` before the second, doubled before each one
    /// after it, at most `longestDelayMS`.
    func delayMS(firstMS: Int) -> Int {
        var delay = firstMS
        for _ in 1..<number where delay < Self.longestDelayMS { delay *= 2 }
        return min(delay, max(firstMS, Self.longestDelayMS))
    }

    /// The note on a failed attempt's end line: `retrying in 2s (2/3)`.
    func retryNote(delayMS: Int) -> String {
        "retrying in \(Self.delayText(delayMS)) (\(number + 1)/\(total))"
    }

    /// A delay as it would be typed: `250ms`, `2s`, `1.5s`.
    static func delayText(_ ms: Int) -> String {
        ms < 1_000 ? "\(ms)ms" : Outcome.limit(ms)
    }

    /// Whether a run that ended so is run again: only a failure, never when loadwrap or the
    /// command was told to stop (Ctrl-C, SIGTERM, SIGHUP, SIGQUIT, SIGKILL: someone wants it to
    /// end, not to start over), and after a `--timeout` only if `afterTimeout`.
    static func retries(_ outcome: Outcome, end: ChildEnd, timedOut: Bool, toldToStop: Bool, afterTimeout: Bool) -> Bool {
        guard !outcome.succeeded, !toldToStop else { return false }
        if timedOut { return afterTimeout }
        if case .killed(let signo) = end, stopSignals.contains(signo) { return false }
        return true
    }

    /// Signals that ask a process to end.
    static let stopSignals: Set<Int32> = [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGKILL]
}
