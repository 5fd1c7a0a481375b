import LoadWrapProcess
import LoadWrapTimeline

/// The run tree as the files written at the end (`--timings`, `--trace`) read it: each run a
/// `RunRecord`, its place a trace category, its status as loadwrap names it. Made only when the
/// files are written, so the live views never pay for it.
extension RunTree {
    /// Every run kept, as records, the outermost first.
    package var records: RunRecords {
        RunRecords(runs.map { run in
            var record = RunRecord(id: run.id, parent: run.parent, place: Self.category(run.place), spanKey: run.pid,
                                   title: run.titles[0].title, startMS: run.startMS)
            record.titles = run.titles.map { RunRecord.Titled(ms: $0.ms, title: $0.title) }
            record.endMS = run.endMS
            record.end = run.status.map(Self.end)
            (record.usualMS, record.slowerThanUsual) = (run.usualMS, run.slowerThanUsual)
            record.command = run.command
            return record
        })
    }

    /// The `limit` longest runs, as of `endMS`, with the runs above them and this loadwrap's own,
    /// in the order they started: what a bounded view keeps (`RunRecords.kept`).
    package func kept(limit: Int, endMS: Int) -> [Run] {
        guard runs.count > limit else { return runs }
        let ids = Set(records.kept(limit: limit, endMS: endMS).map(\.id))
        return runs.filter { ids.contains($0.id) }
    }

    private static func category(_ place: Place) -> RunRecord.Place {
        switch place {
        case .own: .run
        case .nested: .nested
        case .before, .after: .pipeline
        case .peer: .beside
        }
    }

    private static func end(_ status: ChildEnd) -> RunRecord.End {
        switch status {
        case .exited(let code): .exited(code)
        case .killed(let signo): .killed(SignalName.of(signo))
        }
    }
}

extension RunTree.Run {
    /// True when the run ended other than by exiting 0.
    package var failed: Bool {
        switch status {
        case .exited(let code)?: code != 0
        case .killed?: true
        case nil: false
        }
    }
}
