import LoadWrapRuns

/// What the files written from the run tree (`--timings`, `--trace`) read of it alike: how each
/// run ended, and which runs a file of bounded size keeps.
extension RunTree {
    /// The `limit` longest runs, as of `endMS` (runs still going end there), with the runs above
    /// them and this loadwrap's own, in the order they started: a run of a hundred thousand steps
    /// writes a bounded file.
    func kept(limit: Int, endMS: Int) -> [Run] {
        guard runs.count > limit else { return runs }
        let byID = Dictionary(uniqueKeysWithValues: runs.map { ($0.id, $0) })
        var kept = Set(runs.sorted { ($0.endMS ?? endMS) - $0.startMS > ($1.endMS ?? endMS) - $1.startMS }.prefix(limit).map(\.id))
        for id in kept { var up = byID[id]?.parent; while let parent = up, kept.insert(parent).inserted { up = byID[parent]?.parent } }
        kept.insert(0)
        return runs.filter { kept.contains($0.id) }
    }
}

extension RunTree.Run {
    /// True when the run ended other than by exiting 0.
    var failed: Bool {
        switch status {
        case .exited(let code)?: code != 0
        case .killed?: true
        case nil: false
        }
    }

    /// How the run ended: `exit 3`, `SIGTERM`, or `running` when it had not ended, `ended` when it
    /// did not say how.
    var endText: String {
        switch status {
        case .exited(let code)?: "exit \(code)"
        case .killed(let signo)?: SignalName.of(signo)
        case nil: endMS == nil ? "running" : "ended"
        }
    }
}
