import LoadWrapTestSupport

@testable import LoadWrapKit
@testable import LoadWrapRuns

/// Bytes for a route's `write`, and held output for its `abandon`.
enum RouteRig {
    /// Hands `text` to `route.write` as one chunk.
    @discardableResult
    static func write(_ text: String, to route: any OutputRoute) -> Bool {
        Array(text.utf8).withUnsafeBytes { route.write($0) }
    }

    /// Output held as by `--quiet`, holding `text`.
    static func held(_ text: String) -> HeldOutput {
        let held = HeldOutput(directory: "/tmp")
        Array(text.utf8).withUnsafeBytes { held.append($0) }
        return held
    }
}
