/// The progress of a run over time, and when it will probably end: the rate is an exponential
/// moving average over samples at least `sampleMS` apart, so bursts and stalls even out; the
/// estimate shows only once it has something to stand on.
struct ProgressEstimate: Sendable {
    /// The latest value, or nil for a plain spinner.
    private(set) var progress: LoadProgress?
    /// The sample the rate was last measured from.
    private var sample: (ms: Int, fraction: Double)?
    /// When the current run of values began (the first, or the last time it went backwards).
    private var sinceMS = 0
    /// Updates since then.
    private var updates = 0
    /// Share of the work per millisecond, smoothed; nil until two samples.
    private var rate: Double?

    /// Samples closer together than this are folded into the next one.
    static let sampleMS = 250
    /// Weight of the newest sample in the average.
    static let smoothing = 0.3
    /// The estimate needs this long and this many updates.
    static let settleMS = 3_000
    static let settleUpdates = 3

    /// A new value (nil: back to a plain spinner) at `nowMS`. A value that goes backwards starts
    /// the estimate over: the tool began another phase.
    mutating func update(_ value: LoadProgress?, nowMS: Int) {
        progress = value
        guard let fraction = value?.fraction else {
            reset(nowMS: nowMS, fraction: nil)
            return
        }
        guard let last = sample, fraction >= last.fraction else {
            reset(nowMS: nowMS, fraction: fraction)
            return
        }
        updates += 1
        let elapsed = nowMS - last.ms
        guard elapsed >= Self.sampleMS else { return }
        let measured = (fraction - last.fraction) / Double(elapsed)
        rate = rate.map { Self.smoothing * measured + (1 - Self.smoothing) * $0 } ?? measured
        sample = (nowMS, fraction)
    }

    /// Milliseconds until the end at the smoothed rate, or nil when there is no basis yet, the
    /// work is done, or it has not moved.
    func remainingMS(nowMS: Int) -> Int? {
        guard let progress, let rate, rate > 0, updates >= Self.settleUpdates,
              nowMS - sinceMS >= Self.settleMS, let last = sample else { return nil }
        let remaining = (1 - progress.fraction) / rate - Double(nowMS - last.ms)
        guard remaining >= 1_000, remaining < Double(Int32.max) else { return nil }
        return Int(remaining)
    }

    private mutating func reset(nowMS: Int, fraction: Double?) {
        sample = fraction.map { (nowMS, $0) }
        sinceMS = nowMS
        updates = fraction == nil ? 0 : 1
        rate = nil
    }
}
