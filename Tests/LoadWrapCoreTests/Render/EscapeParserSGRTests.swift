import Testing
@testable import LoadWrapCore

/// `wholeSGR` on `text` (what follows an ESC): the parameters and the index after the sequence.
private func whole(_ text: String) -> (parameters: [Int], next: Int)? {
    let bytes = Array(text.utf8)
    return bytes.withUnsafeBytes { chunk in
        var storage = [Int](repeating: -1, count: EscapeParser.mostSGRParameters)
        return storage.withUnsafeMutableBufferPointer { parameters in
            EscapeParser.wholeSGR(in: chunk, from: 0, into: parameters).map { (Array(parameters[..<$0.count]), $0.next) }
        }
    }
}

/// What the byte-at-a-time parser makes of ESC followed by `text`.
private func parsed(_ text: String) -> EscapeParser.Sequence? {
    var parser = EscapeParser()
    parser.start()
    for byte in text.utf8 {
        if let sequence = parser.feed(byte) { return sequence }
    }
    return nil
}

@Suite struct EscapeParserSGRTests {
    static let sgrs = ["[m", "[0m", "[36m", "[1;31m", "[;31m", "[31;m", "[;m", "[38;5;208m", "[38;2;1;2;3m",
                       "[99999m", "[007m", "[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16m"]

    @Test(arguments: sgrs)
    func readsWhatTheParserReads(_ text: String) throws {
        let read = try #require(whole(text))
        #expect(parsed(text) == .csi(final: UInt8(ascii: "m"), privateMarker: nil, parameters: read.parameters))
        #expect(read.next == text.utf8.count)
    }

    @Test func stopsRightAfterTheFinal() {
        #expect(whole("[32mtext\u{1B}[0m")?.next == 4)
    }

    /// These go to the parser: other sequences, forms only it follows, an SGR the chunk cuts.
    @Test(arguments: ["[31", "[", "", "[2K", "[?25m", "[>4;2m", "[38:2::1:2:3m", "[1 m", "[1\u{18}m", "]0;t\u{07}",
                      "[1;2;3;4;5;6;7;8;9;10;11;12;13;14;15;16;17m"])
    func leavesTheRestToTheParser(_ text: String) {
        #expect(whole(text) == nil)
    }

    @Test func theScannerFollowsAWholeSGRAsThroughTheParser() {
        for (text, leavesDefault) in [("\u{1B}[41m", false), ("\u{1B}[41;0m", true), ("\u{1B}[38;5;1m", false), ("\u{1B}[4m", false)] {
            var whole = OutputScanner()
            whole.scan(text)
            var split = OutputScanner()  // cut after the ESC: the parser reads the rest
            split.scan(bytes: [0x1B])
            split.scan(String(text.dropFirst()))
            #expect(whole.leavesRoomForOverlay == leavesDefault, "\(text.debugDescription)")
            #expect(split.leavesRoomForOverlay == leavesDefault, "\(text.debugDescription)")
        }
    }
}
