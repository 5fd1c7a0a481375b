/// The runs a file is written from: the outermost first, then every run it heard of, in the order
/// heard of.
package struct RunRecords: Sendable, Equatable {
    /// Every run kept; the first is the outermost.
    package let runs: [RunRecord]

    package init(_ runs: [RunRecord]) {
        precondition(!runs.isEmpty && runs[0].id == 0, "the outermost run comes first")
        self.runs = runs
    }

    /// The outermost run.
    package var own: RunRecord { runs[0] }

    /// The `limit` longest runs, as of `endMS` (runs still going end there), with the runs above
    /// them and the outermost, in the order they started: a run of a hundred thousand steps
    /// writes a bounded file.
    package func kept(limit: Int, endMS: Int) -> [RunRecord] {
        guard runs.count > limit else { return runs }
        let byID = Dictionary(uniqueKeysWithValues: runs.map { ($0.id, $0) })
        var kept = Set(runs.sorted { ($0.endMS ?? endMS) - $0.startMS > ($1.endMS ?? endMS) - $1.startMS }.prefix(limit).map(\.id))
        for id in kept { var up = byID[id]?.parent; while let parent = up, kept.insert(parent).inserted { up = byID[parent]?.parent } }
        kept.insert(0)
        return runs.filter { kept.contains($0.id) }
    }
}
