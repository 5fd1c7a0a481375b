import Dispatch
@testable import LoadWrapKit

/// A clock that moves only when a test says so.
final class ManualClock: TimeSource, @unchecked Sendable {
    /// Serialises access to `now`.
    private let lock = DispatchQueue(label: "ManualClock")
    /// The current time in milliseconds.
    private var now: Int

    /// Creates a clock standing at `startMS`.
    init(startMS: Int = 0) {
        now = startMS
    }

    /// The current time.
    func nowMS() -> Int {
        lock.sync { now }
    }

    /// Moves the clock forward by `ms`.
    func advance(by ms: Int) {
        lock.sync { now += ms }
    }
}
