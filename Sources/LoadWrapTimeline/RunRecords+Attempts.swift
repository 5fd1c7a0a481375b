/// A run retried (`--retry`) as one timeline: the whole run outermost, each attempt a step of it,
/// the steps of each attempt inside that attempt.
extension RunRecords {
    /// The records of `attempts` (each with its own outermost run, in the order they ran) as one:
    /// the whole run titled `title`, from the first attempt's start to the last one's end, ending
    /// as the last did; each attempt nested in it, titled `title (attempt K/total)` and keyed `-K`
    /// for its span (no pid is negative: `TraceRecording` names the same span for the attempt's
    /// command); each attempt's runs under it, their ids moved up.
    package static func attempts(_ attempts: [RunRecords], title: String, total: Int) -> RunRecords {
        let first = attempts[0].own, last = attempts[attempts.count - 1].own
        var whole = RunRecord(id: 0, parent: nil, place: .run, spanKey: 0, title: title, startMS: first.startMS)
        (whole.endMS, whole.end, whole.command) = (last.endMS, last.end, last.command)
        var runs = [whole]
        for (index, attempt) in attempts.enumerated() {
            let offset = runs.count
            runs += attempt.runs.map { run in
                guard run.id == 0 else { return run.moved(id: run.id + offset, parent: run.parent.map { $0 + offset }) }
                var step = run.moved(id: offset, parent: 0, place: .nested, spanKey: Int32(-(index + 1)))
                step.titles[0] = RunRecord.Titled(ms: run.startMS, title: "\(title) (attempt \(index + 1)/\(total))")
                return step
            }
        }
        return RunRecords(runs)
    }
}

extension RunRecord {
    /// This run with another id and parent, and, when given, another place and span key.
    func moved(id: Int, parent: Int?, place: Place? = nil, spanKey: Int32? = nil) -> RunRecord {
        var run = RunRecord(id: id, parent: parent, place: place ?? self.place, spanKey: spanKey ?? self.spanKey,
                            title: titles[0].title, startMS: startMS)
        (run.titles, run.endMS, run.end, run.command, run.usualMS) = (titles, endMS, end, command, usualMS)
        return run
    }
}
