import Testing

@testable import LoadWrapTool

@Suite struct HistoryFileTests {
    private func record(_ key: UInt64, _ ms: Int, ok: Bool = true, at time: Int = 1000) -> HistoryRecord {
        HistoryRecord(key: HistoryKey(value: key), elapsedMS: ms, succeeded: ok, unixTime: time)
    }

    @Test func parsesWhatItWrites() {
        var file = HistoryFile()
        file.add(record(1, 10))
        file.add(record(2, 20, ok: false))
        file.add(record(1, 30))
        #expect(HistoryFile(parsing: file.bytes) == file)
        #expect(file.runs(of: HistoryKey(value: 1)).map(\.elapsedMS) == [10, 30])
    }

    @Test func skipsCorruptLinesAndATornEnd() {
        let good = record(1, 10).line + record(1, 20).line
        let bytes = Array(("garbage\n\u{0}\u{1}\n" + good + "0000000000000001 5").utf8)
        #expect(HistoryFile(parsing: bytes).records.map(\.elapsedMS) == [10, 20])
        #expect(HistoryFile(parsing: [0xFF, 0xFE, 0x0A, 0x00]).records.isEmpty)
    }

    /// Only a file of whole records may be appended to: a line added after a torn one would join it.
    @Test func appendsOnlyToACleanFileUnderTheLimit() {
        let line = record(1, 10).line
        let new = record(1, 20)
        #expect(HistoryFile(parsing: Array(line.utf8)).allowsAppending(new, size: line.utf8.count))
        #expect(HistoryFile(parsing: []).allowsAppending(new, size: 0))
        #expect(!HistoryFile(parsing: Array((line + "0000").utf8)).allowsAppending(new, size: line.utf8.count + 4))
        #expect(!HistoryFile(parsing: Array(("junk\n" + line).utf8)).allowsAppending(new, size: line.utf8.count + 5))
        #expect(!HistoryFile(parsing: Array(line.utf8)).allowsAppending(new, size: HistoryFile.appendLimit))
    }

    @Test func readsOnlyTheLastRunsOfAKey() {
        let bytes = Array((0..<50).map { record(1, $0).line }.joined().utf8)
        #expect(HistoryFile(parsing: bytes).runs(of: HistoryKey(value: 1)).map(\.elapsedMS) == Array(30..<50))
    }

    @Test func keepsTheLastRunsOfAKey() {
        var file = HistoryFile()
        for ms in 1...(HistoryFile.runsPerKey + 5) { file.add(record(7, ms)) }
        #expect(file.records.map(\.elapsedMS) == Array(6...(HistoryFile.runsPerKey + 5)))
    }

    @Test func dropsTheKeyThatRanLongestAgo() {
        var file = HistoryFile()
        for key in 0..<UInt64(HistoryFile.keysPerFile) { file.add(record(key, 1)) }
        file.add(record(0, 2))  // key 0 ran again: key 1 is now the oldest
        file.add(record(99, 3))
        let keys = Set(file.records.map(\.key.value))
        #expect(keys.count == HistoryFile.keysPerFile)
        #expect(!keys.contains(1) && keys.contains(0) && keys.contains(99))
    }

    /// Within its bounds a file stays far below what is read of it.
    @Test func staysSmall() {
        var file = HistoryFile()
        for key in 0..<UInt64(40) {
            for _ in 0..<25 { file.add(record(key << 32 | 0xffff_ffff, 9_999_999_999, ok: false, at: 99_999_999_999)) }
        }
        #expect(file.records.count == HistoryFile.keysPerFile * HistoryFile.runsPerKey)
        #expect(file.bytes.count < HistoryFile.maxBytes / 4)
    }
}
