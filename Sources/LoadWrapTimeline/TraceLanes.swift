/// The lanes of a timeline: each run on a lane where it overlaps nothing but the runs it is
/// nested in, so runs side by side get lanes of their own and a run sits under the one that ran
/// it. Trace viewers (Perfetto, chrome://tracing) draw one track per lane and stack slices on a
/// track only when one lies wholly inside another.
package enum TraceLanes {
    /// The lane of each run (by `id`), 0 first, for runs in the order they started; a run still
    /// going counts as ending at `endMS`.
    package static func assign(_ runs: [RunRecord], endMS: Int) -> [Int: Int] {
        var stacks: [[(id: Int, endMS: Int)]] = []
        var lanes: [Int: Int] = [:]
        for run in runs {
            let end = run.endMS ?? endMS
            for index in stacks.indices {
                while let top = stacks[index].last, top.endMS <= run.startMS { stacks[index].removeLast() }
            }
            let lane = nestedLane(run, end: end, stacks) ?? stacks.firstIndex { $0.isEmpty } ?? stacks.count
            if lane == stacks.count { stacks.append([]) }
            stacks[lane].append((run.id, end))
            lanes[run.id] = lane
        }
        return lanes
    }

    /// The lane whose innermost run is `run`'s parent and lasts at least as long: there `run`
    /// nests under it. A run that outlives its parent (a background job) gets a lane of its own.
    private static func nestedLane(_ run: RunRecord, end: Int, _ stacks: [[(id: Int, endMS: Int)]]) -> Int? {
        guard let parent = run.parent else { return nil }
        return stacks.firstIndex { $0.last?.id == parent && $0.last!.endMS >= end }
    }
}
