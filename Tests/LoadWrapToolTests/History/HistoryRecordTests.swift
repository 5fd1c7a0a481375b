import Testing

@testable import LoadWrapTool

@Suite struct HistoryRecordTests {
    private func parse(_ line: String) -> HistoryRecord? {
        HistoryRecord(line: Array(line.utf8)[...])
    }

    @Test func lineRoundTrips() {
        let record = HistoryRecord(key: HistoryKey(value: 0x9f86_d081_884c_7d65), elapsedMS: 65012, succeeded: true,
                                   unixTime: 1_764_583_442)
        #expect(record.line == "9f86d081884c7d65 65012 ok 1764583442\n")
        #expect(parse(String(record.line.dropLast())) == record)
        var failed = record
        failed.succeeded = false
        #expect(parse(String(failed.line.dropLast())) == failed)
    }

    @Test func rejectsAnythingElse() {
        for line in [
            "", "9f86d081884c7d65 65012 ok", "9f86d081884c7d65 65012 ok 1764583442 x", "9f86d081884c7d6 65012 ok 1",
            "9F86D081884C7D65 65012 ok 1", "9f86d081884c7d65 -5 ok 1", "9f86d081884c7d65 65012 yes 1",
            "9f86d081884c7d65  65012 ok 1", "9f86d081884c7d65 99999999999999 ok 1", "9f86d081884c7d65 1 ok 1\r",
            "\u{0}\u{0}\u{0}",
        ] {
            #expect(parse(line) == nil, "\(line.debugDescription)")
        }
    }
}
