import Foundation
import Testing

/// Which seeds the fuzz suites run: `FUZZ_SEED` (the first, default 1) and `FUZZ_COUNT` (how many,
/// default per suite) from the environment, so `make fuzz` and a failure's reproduction line can
/// choose them; `FUZZ_FEATURES` adds generator features that are off by default.
enum FuzzSettings {
    /// The first seed.
    static let firstSeed: UInt64 = ProcessInfo.processInfo.environment["FUZZ_SEED"].flatMap { UInt64($0) } ?? 1

    /// `FUZZ_COUNT` when set.
    static let requestedCount: Int? = ProcessInfo.processInfo.environment["FUZZ_COUNT"].flatMap { Int($0) }

    /// The seeds to run, `defaultCount` of them unless `FUZZ_COUNT` says otherwise, cut into
    /// batches of `batchSize` that one test case runs side by side.
    static func batches(defaultCount: Int, batchSize: Int) -> [SeedBatch] {
        let count = max(requestedCount ?? defaultCount, 0)
        let seeds = (0..<UInt64(count)).map { firstSeed &+ $0 }
        return stride(from: 0, to: seeds.count, by: batchSize).map {
            SeedBatch(seeds: Array(seeds[$0..<min($0 + batchSize, seeds.count)]))
        }
    }

    /// The names in `FUZZ_FEATURES` (comma-separated): generator features that are off by default
    /// because they trigger known loadwrap bugs, or `all`.
    static let featureNames: Set<String> = Set(
        (ProcessInfo.processInfo.environment["FUZZ_FEATURES"] ?? "").split(separator: ",").map(String.init))

    /// The output generator's features: the defaults, plus those named in `FUZZ_FEATURES`.
    static let outputFeatures: OutputFeatures = featureNames.reduce(OutputFeatures.defaults) { features, name in
        features.union(OutputFeatures.named(name) ?? [])
    }

    /// Whether command lines may hold durations near `Int.max` milliseconds: they once crashed
    /// loadwrap (an overflowing deadline, fixed), so they are always in.
    static let hugeDurations = true
}

/// A few consecutive seeds that one test case runs at the same time.
struct SeedBatch: Sendable, CustomTestStringConvertible {
    let seeds: [UInt64]

    var testDescription: String {
        seeds.count == 1 ? "seed \(seeds[0])" : "seeds \(seeds[0])…\(seeds[seeds.count - 1])"
    }
}
