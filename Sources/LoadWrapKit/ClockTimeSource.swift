import LoadWrapCore

/// A Swift `Clock` as the render core reads time: whole milliseconds since the adapter was made.
/// The library takes a `Clock`; `Overlay` and its friends count in integer milliseconds.
struct ClockTimeSource<C: Clock>: TimeSource where C.Duration == Duration {
    /// The clock read at every call.
    private let clock: C
    /// The instant that reads as 0 ms.
    private let origin: C.Instant

    /// Starts counting from `clock`'s present instant.
    init(_ clock: C) {
        self.clock = clock
        origin = clock.now
    }

    /// Milliseconds from `origin` to `clock`'s present instant.
    func nowMS() -> Int {
        origin.duration(to: clock.now).wholeMilliseconds
    }
}
