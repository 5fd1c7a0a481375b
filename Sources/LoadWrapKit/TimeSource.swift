/// A source of monotonic time in milliseconds, injected so tests can step it.
package protocol TimeSource: Sendable {
    /// Milliseconds since an arbitrary fixed point.
    func nowMS() -> Int
}
