import LoadWrapCore

/// What the terminal shows of the runs: the line's title (`outer › inner`, pipeline neighbours
/// with ` | `), the rows of runs going side by side, the progress on the line. Each is computed
/// from the runs still going; nothing of it is kept.
extension RunTree {
    /// The text to show: the chain of runs each running alone joined with ` › ` (` > ` when the
    /// terminal is not UTF-8), pipeline neighbours with ` | `.
    func display(utf8: Bool) -> String {
        let running = running
        let own = ([self.own.title] + Self.chain(in: Family(running)).map(\.title)).joined(by: Self.nesting(utf8))
        return (running.filter { $0.place == .before }.map(\.title) + [own]
            + running.filter { $0.place == .after }.map(\.title)).joined(by: " | ")
    }

    /// The rows under the line: one per run on the same terminal beside this one (a shell's `&`),
    /// then one per run of those started side by side by the same loadwrap (the last of the chain,
    /// or this one), oldest first, each titled with the runs nested in it; none while runs go one
    /// at a time.
    func rows(utf8: Bool) -> [SiblingRow] {
        let running = running
        let family = Family(running)
        let kids = family.children[Self.chain(in: family).last?.pid ?? 0] ?? []
        return (running.filter { $0.place == .peer } + (kids.count > 1 ? kids : [])).map { run in
            let line = [run] + family.descendants(of: run.pid)
            return SiblingRow(id: run.pid, title: line.map(\.title).joined(by: Self.nesting(utf8)),
                              progress: line.reversed().lazy.compactMap(\.progress).first)
        }
    }

    /// The progress to show on the line: the innermost run of its chain that has one, else this
    /// loadwrap's own, else the first of its pipeline neighbours that has one.
    var progress: LoadProgress? {
        let running = running
        return Self.chain(in: Family(running)).reversed().lazy.compactMap(\.progress).first ?? own.progress
            ?? running.lazy.filter { $0.place == .before || $0.place == .after }.compactMap(\.progress).first
    }

    /// The nested runs going, by the run that started them, built in one pass for each question:
    /// each control message asks, and `-j` can have hundreds going.
    private struct Family {
        /// The runs each run started (0: this one), oldest first.
        var children: [Int32: [Run]] = [:]

        /// A run whose parent is not going (a message lost to a full channel) counts as this
        /// loadwrap's; runs nested in a peer are that peer's.
        init(_ running: [Run]) {
            let known = Set(running.filter { $0.place == .nested || $0.place == .peer }.map(\.pid))
            for run in running where run.place == .nested {
                children[known.contains(run.parentPid) ? run.parentPid : 0, default: []].append(run)
            }
        }

        /// Every run below `pid`, oldest first.
        func descendants(of pid: Int32) -> [Run] {
            var found: [Run] = []
            var next = children[pid] ?? []
            while let run = next.popLast() {
                found.append(run)
                next += children[run.pid] ?? []
            }
            return found.sorted { $0.id < $1.id }
        }
    }

    /// The nested runs on the line: from this one down, each the only run its parent has going.
    private static func chain(in family: Family) -> [Run] {
        var chain: [Run] = []
        var kids = family.children[0] ?? []
        while kids.count == 1 {
            chain.append(kids[0])
            kids = family.children[kids[0].pid] ?? []
        }
        return chain
    }

    private static func nesting(_ utf8: Bool) -> String {
        utf8 ? " › " : " > "
    }
}
