/// The work as one body: the indicator shown while it runs, and stopped however it ends (the
/// `loadViewEventHandler` pattern).
extension LoadIndicator {
    /// Starts, runs `body`, and stops even when it throws, as failed then; returns what `body`
    /// returns (the `loadViewEventHandler` pattern).
    public func run<T>(_ body: () throws -> T) rethrows -> T {
        start()
        do {
            let value = try body()
            stop()
            return value
        } catch {
            stop(failed: true)
            throw error
        }
    }

    /// Starts, awaits `body` on the caller's actor, and stops even when it throws, as failed then;
    /// returns what `body` returns.
    public func run<T>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> T) async rethrows -> T {
        start()
        do {
            let value = try await body()
            stop()
            return value
        } catch {
            stop(failed: true)
            throw error
        }
    }
}
