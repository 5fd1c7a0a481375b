#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wall clock, for the files that carry dates (OTLP's Unix nanoseconds); every duration is
/// the monotonic clock's.
package enum WallClock {
    /// Unix nanoseconds now (CLOCK_REALTIME).
    package static func nowNS() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
