/// The contents of one of the store's files as a value: the records it holds, oldest first, and
/// the bounds that keep it small. Pure: the store reads and writes the bytes.
///
/// A run is appended to its file as one line while the file is clean and under `appendLimit`;
/// otherwise the file is compacted: rewritten with the run added, within `runsPerKey` and `keysPerFile`.
struct HistoryFile: Equatable, Sendable {
    /// Runs kept per key; older ones are dropped.
    static let runsPerKey = 20
    /// Keys kept per file; the one whose last run is oldest goes first. 256 files: 4096 keys.
    static let keysPerFile = 16
    /// Bytes a file may reach by appending before it is compacted (compacted, it is under 14 kB).
    static let appendLimit = 32 * 1024
    /// Bytes read of a file at most; more is not one of loadwrap's files.
    static let maxBytes = 64 * 1024

    /// The records, oldest first.
    private(set) var records: [HistoryRecord]
    /// False when the bytes parsed held anything but whole records (so appending to them could
    /// join a line to garbage): the next write compacts the file instead.
    private(set) var clean = true

    /// A file holding `records`, oldest first.
    init(records: [HistoryRecord] = []) {
        self.records = records
    }

    /// The records in `bytes`; lines that are not records (a torn or foreign file) are skipped,
    /// and a last line without its newline is not trusted.
    init(parsing bytes: [UInt8]) {
        var records: [HistoryRecord] = []
        var start = 0
        while let end = bytes[start...].firstIndex(of: 0x0A) {
            if let record = HistoryRecord(line: bytes[start..<end]) {
                records.append(record)
            } else {
                clean = false
            }
            start = end + 1
        }
        if start < bytes.count { clean = false }
        self.records = records
    }

    /// The last `runsPerKey` runs of `key`, oldest first.
    func runs(of key: HistoryKey) -> [HistoryRecord] {
        Array(records.filter { $0.key == key }.suffix(Self.runsPerKey))
    }

    /// Whether `record` may simply be appended to a file of `size` bytes that parsed as this.
    func allowsAppending(_ record: HistoryRecord, size: Int) -> Bool {
        clean && size + record.line.utf8.count <= Self.appendLimit
    }

    /// Adds `record` as the newest, then keeps each key's last `runsPerKey` runs and the
    /// `keysPerFile` keys that ran last.
    mutating func add(_ record: HistoryRecord) {
        clean = true
        records.append(record)
        var lastIndex: [HistoryKey: Int] = [:]
        var count: [HistoryKey: Int] = [:]
        for (index, record) in records.enumerated() {
            lastIndex[record.key] = index
            count[record.key, default: 0] += 1
        }
        let kept = Set(lastIndex.sorted { $0.value > $1.value }.prefix(Self.keysPerFile).map(\.key))
        var skip = count.mapValues { max(0, $0 - Self.runsPerKey) }
        records = records.filter { record in
            guard kept.contains(record.key) else { return false }
            if let left = skip[record.key], left > 0 {
                skip[record.key] = left - 1
                return false
            }
            return true
        }
    }

    /// The file's bytes: one line per record.
    var bytes: [UInt8] {
        Array(records.map(\.line).joined().utf8)
    }
}
