#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The one polling wait of the tests, only for states that announce no event: a file appearing,
/// a process exec'ing or gone, a lock's holder. Whatever does announce itself (output on a
/// pseudo-terminal or pipe, an exit) is waited for on that event instead (`PtySession.waitFor`).
package enum Poll {
    /// How long a poll waits unless told: as generous as the suites' other waits, so a loaded
    /// machine only slows a passing test, and a failing one fails after it.
    package static let defaultTimeout: Double = 20

    /// True once `condition` holds, asked every `interval` seconds; false when it still does not
    /// after `timeout` seconds. It is asked once more at the deadline, so a state reached during
    /// the last sleep counts.
    package static func until(timeout: Double = defaultTimeout, every interval: Double = 0.01,
                              _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = ContinuousClock.now + .seconds(timeout)
        while true {
            if try condition() { return true }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return false }
            let pause = min(left, .seconds(interval))
            usleep(UInt32(pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000))
        }
    }
}
