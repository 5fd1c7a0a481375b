import LoadWrapTimeline

/// The indicator and its rows as steps, the way the tool's run tree keeps its runs: the
/// indicator's own work is the outermost run, each row a step nested in it, with its renames and
/// how it ended. What `LoadIndicator.writeTimings(toFile:)` and `writeTrace(toFile:)` write.
struct StepLog {
    /// Every step, the indicator's own first, then each row in the order added.
    private var records: [RunRecord]
    /// The index in `records` of each row still there, by its id.
    private var live: [Int32: Int] = [:]

    /// A log whose own run, titled `title`, starts at `nowMS`.
    init(title: String, nowMS: Int) {
        records = [RunRecord(id: 0, parent: nil, place: .run, spanKey: 0, title: title, startMS: nowMS)]
    }

    /// The row `id` was added, titled `title`.
    mutating func add(_ id: Int32, title: String, nowMS: Int) {
        live[id] = records.count
        records.append(RunRecord(id: records.count, parent: 0, place: .nested, spanKey: id, title: title, startMS: nowMS))
    }

    /// The row `id` (nil: the indicator itself) took a new title.
    mutating func rename(_ id: Int32?, to title: String, nowMS: Int) {
        guard let index = id.map({ live[$0] }) ?? 0, records[index].title != title else { return }
        records[index].titles.append(RunRecord.Titled(ms: nowMS, title: title))
    }

    /// The row `id` (nil: the indicator itself) ended, well or not.
    mutating func end(_ id: Int32?, failed: Bool, nowMS: Int) {
        guard let index = id.map({ live.removeValue(forKey: $0) }) ?? 0 else { return }
        records[index].endMS = nowMS
        records[index].end = failed ? .failed : .succeeded
    }

    /// The indicator started again after a stop: its own run goes on.
    mutating func resume() {
        (records[0].endMS, records[0].end) = (nil, nil)
    }

    /// Every step so far; those still going end at the time the file is written.
    var all: RunRecords { RunRecords(records) }
}
