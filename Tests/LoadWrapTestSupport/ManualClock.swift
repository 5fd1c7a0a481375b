import Dispatch
import LoadWrapKit

/// A clock that moves only when a test says so: a `Clock` for the library, and a `TimeSource`
/// in milliseconds for the command-line relays. Shared by the library's and the tool's tests.
package final class ManualClock: Clock, TimeSource, @unchecked Sendable {
    /// A point on the manual clock: the time since its zero.
    package struct Instant: InstantProtocol {
        /// Time since the clock's zero.
        package var offset: Duration

        /// The instant `duration` later.
        package func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other`.
        package func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` comes first.
        package static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }
    }

    /// Serialises access to `current`.
    private let lock = DispatchQueue(label: "ManualClock")
    /// The time now.
    private var current: Instant

    /// Creates a clock standing at `startMS`.
    package init(startMS: Int = 0) {
        current = Instant(offset: .milliseconds(startMS))
    }

    /// The time now.
    package var now: Instant {
        lock.sync { current }
    }

    /// The clock moves in steps a test chooses; a millisecond is the smallest the tests take.
    package var minimumResolution: Duration {
        .milliseconds(1)
    }

    /// Returns once a test has moved the clock to `deadline`, checking every millisecond of real time.
    package func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        while now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// The time now in milliseconds.
    package func nowMS() -> Int {
        now.offset.wholeMilliseconds
    }

    /// Moves the clock forward by `ms` milliseconds.
    package func advance(by ms: Int) {
        lock.sync { current = current.advanced(by: .milliseconds(ms)) }
    }
}
