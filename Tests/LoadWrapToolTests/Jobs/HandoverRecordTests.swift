import Testing

@testable import LoadWrapJobs

/// The records the runner hands the commands' terminals over with: their exact bytes, and how a
/// stream's reads, split anywhere, give them back whole with their descriptors in order.
@Suite struct HandoverRecordTests {
    @Test func recordsAreAKindThenTheJobLittleEndian() {
        #expect(HandoverRecord.terminal(job: 300).bytes == [1, 44, 1, 0, 0])
        #expect(HandoverRecord.ended(job: 7).bytes == [2, 7, 0, 0, 0])
        #expect(HandoverRecord([2, 7, 0, 0, 0][...]) == .ended(job: 7))
        #expect(HandoverRecord([9, 7, 0, 0, 0][...]) == nil)
    }

    @Test func aRecordSplitAcrossReadsComesOutWholeWithTheDescriptorsOfItsFirstByte() {
        var decoder = HandoverDecoder()
        let bytes = HandoverRecord.terminal(job: 3).bytes
        #expect(decoder.feed(bytes.prefix(2), descriptors: [10, 11]).isEmpty)
        let records = decoder.feed(bytes.dropFirst(2), descriptors: [])
        #expect(records.map(\.0) == [.terminal(job: 3)])
        #expect(records.map(\.1) == [[10, 11]])
        #expect(decoder.leftovers().isEmpty)
    }

    @Test func severalRecordsInOneReadTakeTheirDescriptorsInOrder() {
        var decoder = HandoverDecoder()
        let bytes = HandoverRecord.terminal(job: 0).bytes + HandoverRecord.ended(job: 0).bytes
            + HandoverRecord.terminal(job: 1).bytes + [2, 1]
        let records = decoder.feed(bytes, descriptors: [4, 5, 6, 7])
        #expect(records.map(\.0) == [.terminal(job: 0), .ended(job: 0), .terminal(job: 1)])
        #expect(records.map(\.1) == [[4, 5], [], [6, 7]])
        #expect(decoder.feed([0, 0, 0], descriptors: []).map(\.0) == [.ended(job: 1)])
    }

    @Test func anUnknownKindIsDroppedAndUnclaimedDescriptorsAreHandedBack() {
        var decoder = HandoverDecoder()
        let records = decoder.feed([9, 0, 0, 0, 0] + HandoverRecord.ended(job: 2).bytes, descriptors: [8])
        #expect(records.map(\.0) == [.ended(job: 2)])
        #expect(decoder.leftovers() == [8])
        #expect(decoder.leftovers().isEmpty)
    }
}
