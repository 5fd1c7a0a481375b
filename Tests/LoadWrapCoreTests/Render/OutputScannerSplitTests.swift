import Testing

@testable import LoadWrapCore

/// A pty read can end anywhere: the scanner must know when the output has stopped inside an
/// escape sequence or a UTF-8 character, at every split point of every kind, so that no byte of
/// loadwrap's own lands there.
@Suite struct OutputScannerSplitTests {
    /// One of each kind: CSI (SGR, private modes, erase, row move), OSC ended by BEL and by ST,
    /// DCS, APC, PM, SOS, charset designations, a two-byte escape with an intermediate, and UTF-8
    /// characters of two, three and four bytes.
    static let sequences: [String] = [
        "\u{1B}[31m", "\u{1B}[38:2::255:0:0m", "\u{1B}[?1049h", "\u{1B}[?25h", "\u{1B}[1K", "\u{1B}[17d",
        "\u{1B}]0;title\u{07}", "\u{1B}]8;;https://x\u{1B}\\", "\u{1B}P1$r\u{1B}\\", "\u{1B}_app\u{1B}\\",
        "\u{1B}^pm\u{1B}\\", "\u{1B}Xsos\u{1B}\\", "\u{1B}(B", "\u{1B})0", "\u{1B}#8", "\u{1B}7",
        "é", "€", "😀",
    ]

    @Test(arguments: sequences)
    func everySplitPointIsInsideAndTheWholeIsNot(_ sequence: String) {
        let bytes = Array(sequence.utf8)
        for split in 1..<bytes.count {
            var scanner = OutputScanner()
            scanner.scan(bytes: Array(bytes[..<split]))
            #expect(scanner.insideSequence, "after \(split) of \(bytes.count) bytes of \(sequence.debugDescription)")
            #expect(!scanner.allowsOverlay)
            scanner.scan(bytes: Array(bytes[split...]))
            #expect(!scanner.insideSequence, "after all of \(sequence.debugDescription)")
        }
    }

    @Test func aCharacterSplitOverThreeReadsIsFollowedToItsEnd() {
        var scanner = OutputScanner()
        let bytes = Array("😀".utf8)
        for (index, byte) in bytes.enumerated() {
            scanner.scan(bytes: [byte])
            #expect(scanner.insideSequence == (index < bytes.count - 1))
        }
    }

    @Test func plainTextAndCompleteSequencesAreNeverInside() {
        var scanner = OutputScanner()
        scanner.scan("hello ", "wörld\n", "\u{1B}[0m", "日本\n")
        #expect(!scanner.insideSequence)
        #expect(scanner.allowsOverlay)
    }

    @Test func anEscapeEndsAnUnfinishedCharacter() {
        var scanner = OutputScanner()
        scanner.scan(bytes: [0xE2, 0x82])
        #expect(scanner.insideSequence)
        scanner.scan("\u{1B}[0m")
        #expect(!scanner.insideSequence)
    }

    @Test func strayContinuationBytesAreNotWaitedFor() {
        var scanner = OutputScanner()
        scanner.scan(bytes: [0x41, 0x80, 0x80])
        #expect(!scanner.insideSequence)
        scanner.scan(bytes: [0x80, 0x80, 0x80, 0x80, 0x80])
        #expect(!scanner.insideSequence)
    }
}
