import LoadWrapCore

/// The run tree as of the run's end, read for "where did the time go": each run's span, its own
/// time (not spent in runs nested in it), the critical path, and which runs a file shows when
/// there are too many. What `TimingsPage` draws; pure, so its figures are tested exactly.
package struct Timeline {
    /// One run as the timeline shows it.
    package struct Step {
        package let run: RunRecord
        /// When it started and ended, in milliseconds from the outermost run's start.
        package let startMS: Int
        package let endMS: Int
        /// How many runs above it are shown, for the indent.
        package let depth: Int
        /// Its time less the time some run nested in it was going.
        package let ownMS: Int
        /// True on the chain of runs that decided when the run ended.
        package let critical: Bool

        package var durationMS: Int { endMS - startMS }
    }

    /// The runs shown, in the order they started (the outermost first).
    package let steps: [Step]
    /// Runs left out to keep the file bounded (`limit`): the shortest.
    package let leftOut: Int
    /// The whole run's length.
    package let totalMS: Int

    /// The timeline of `records` as of `endMS`: runs still going end there. At most `limit` runs are
    /// shown, the longest, with every run above a shown one.
    package init(_ records: RunRecords, endMS: Int, limit: Int = 2_000) {
        let origin = records.own.startMS
        let shown = records.kept(limit: limit, endMS: endMS)
        let spans = Dictionary(uniqueKeysWithValues: shown.map { ($0.id, ($0.startMS - origin, ($0.endMS ?? endMS) - origin)) })
        let children = Dictionary(grouping: shown.filter { $0.parent != nil }, by: { $0.parent! })
        let critical = Self.criticalPath(from: 0, children: children, spans: spans)
        var depth: [Int: Int] = [:]
        steps = shown.map { run in
            let level = run.parent.flatMap { depth[$0] }.map { $0 + 1 } ?? 0
            depth[run.id] = level
            let (start, end) = spans[run.id]!
            let busy = Self.covered((children[run.id] ?? []).map { spans[$0.id]! }, within: (start, end))
            return Step(run: run, startMS: start, endMS: end, depth: level, ownMS: end - start - busy,
                        critical: critical.contains(run.id))
        }
        leftOut = records.runs.count - shown.count
        totalMS = max(1, endMS - origin)
    }

    /// The runs that decided when `id` ended: the child that ended last, the one that ended last
    /// before that one started, and so on back, each with its own critical path inside it.
    private static func criticalPath(from id: Int, children: [Int: [RunRecord]], spans: [Int: (Int, Int)]) -> Set<Int> {
        var path: Set<Int> = [id]
        // Ends in order, walked back once: a parent of a hundred thousand steps costs a sort.
        let ends = (children[id] ?? []).map { (id: $0.id, span: spans[$0.id]!) }.sorted { $0.span.1 < $1.span.1 }
        var cursor = spans[id]!.1
        var index = ends.count - 1
        while index >= 0 {
            if ends[index].span.1 <= cursor {
                path.formUnion(criticalPath(from: ends[index].id, children: children, spans: spans))
                cursor = ends[index].span.0
            }
            index -= 1
        }
        return path
    }

    /// How much of `span` the `intervals` cover together (overlaps counted once).
    private static func covered(_ intervals: [(Int, Int)], within span: (Int, Int)) -> Int {
        var total = 0
        var reach = span.0
        for (start, end) in intervals.sorted(by: { $0.0 < $1.0 }) {
            let from = max(start, reach, span.0)
            let to = min(end, span.1)
            if to > from { total += to - from }
            reach = max(reach, to)
        }
        return total
    }
}
