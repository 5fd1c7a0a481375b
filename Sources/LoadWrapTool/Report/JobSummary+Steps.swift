import LoadWrapCore
import LoadWrapRuns

/// The job summary as a view over the run tree: a row per step, nested steps indented under the
/// step that ran them, and for two steps or more a Mermaid `gantt` chart of them, which GitHub
/// renders in a job summary as in any Markdown it shows. At most `maxSteps` steps, the longest,
/// then a row that counts the others: a build of 100 000 steps writes about 40 kB, far below
/// the summary's 1 MiB limit.
extension JobSummary {
    /// One row: a run, as the summary shows it.
    struct Step: Equatable {
        var mark: String
        var title: String
        var outcome: Outcome
        var elapsedMS: Int
        /// How deep it is nested: 0 for the run that writes the summary.
        var depth = 0
        /// When it started, in milliseconds after that run's start.
        var offsetMS = 0
        /// How long it usually takes, where its history knows and it ran long enough to be slower.
        var usualMS: Int?

        /// True when the chart draws it as a failure.
        var failed: Bool { !outcome.succeeded }
    }

    /// The most steps the summary shows (the run itself aside).
    static let maxSteps = 50

    /// Appends the rows of `tree` (this run's own as `own`, its end time and usual time from
    /// the tree) and, for two steps or more, the chart; the tree's times end at `nowMS`, and its
    /// start was at `wallStartMS` (Unix milliseconds) on the wall clock, which the chart's axis shows.
    func append(_ tree: RunTree, own: Step, nowMS: Int, wallStartMS: Int) {
        append(Self.markdown(Self.steps(tree, own: own, nowMS: nowMS), wallStartMS: wallStartMS))
    }

    /// The rows, the `N more` row, then the chart of every step shown, when there are two or more.
    static func markdown(_ steps: (shown: [Step], more: Int), wallStartMS: Int) -> String {
        let rows = steps.shown.map(row).joined()
        let more = steps.more > 0 ? "| … | \(steps.more) more \(steps.more == 1 ? "step" : "steps") | | |\n" : ""
        guard steps.shown.count > 2 else { return rows + more }
        return rows + more + "\n" + MermaidGantt.chart(steps.shown, wallStartMS: wallStartMS)
    }

    /// The steps of `tree` in the order they started, this run's first as `own`: the longest
    /// `maxSteps` with the steps above them, and how many more there were.
    static func steps(_ tree: RunTree, own: Step, nowMS: Int) -> (shown: [Step], more: Int) {
        // One more than the steps: the run itself is as long as any, and is always kept.
        let kept = tree.kept(limit: maxSteps + 1, endMS: nowMS)
        var depths: [Int: Int] = [0: 0]
        let shown = kept.map { run -> Step in
            guard run.id != 0 else {
                var own = own
                own.usualMS = run.usualMS
                return own
            }
            let depth = run.parent.flatMap { depths[$0] }.map { $0 + 1 } ?? 1
            depths[run.id] = depth
            let outcome = Outcome.ended(run.status ?? .exited(0))
            return Step(mark: run.status == nil ? "…" : symbol(run), title: run.title, outcome: outcome,
                        elapsedMS: run.elapsedMS(nowMS: nowMS), depth: depth, offsetMS: run.startMS - tree.own.startMS,
                        usualMS: run.usualMS)
        }
        return (shown, tree.runs.count - kept.count)
    }

    /// The mark of a run that said how it ended: the summary's marks are UTF-8, as GitHub shows them.
    private static func symbol(_ run: RunTree.Run) -> String {
        run.failed ? "✖" : "✔"
    }
}
