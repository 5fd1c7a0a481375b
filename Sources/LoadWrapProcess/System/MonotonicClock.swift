import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system's monotonic clock.
package struct MonotonicClock: TimeSource {
    /// Creates the clock.
    package init() {}

    /// Milliseconds from CLOCK_MONOTONIC.
    package func nowMS() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Int(ts.tv_sec) * 1000 + Int(ts.tv_nsec) / 1_000_000
    }
}
