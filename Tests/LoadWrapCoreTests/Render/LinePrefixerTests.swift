import Testing

@testable import LoadWrapCore

@Suite struct LinePrefixerTests {
    private let label = Array("web | ".utf8)

    /// What `chunks` become, fed one after another, as text.
    private func feed(_ chunks: [[UInt8]], color: Int? = nil) -> [UInt8] {
        var prefixer = LinePrefixer(name: "web", color: color)
        return chunks.flatMap { prefixer.feed($0) }
    }

    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func eachLineGetsTheLabelBeforeItsText() {
        #expect(feed([bytes("one\ntwo\n\nthree")]) == bytes("web | one\nweb | two\n\nweb | three"))
        #expect(feed([bytes("a\r\nb\r\n")]) == bytes("web | a\r\nweb | b\r\n"))
    }

    @Test func theLabelTakesItsColourAndGivesTheDefaultBack() {
        #expect(feed([bytes("hi\n")], color: 36) == bytes("\u{1B}[36mweb |\u{1B}[39m hi\n"))
    }

    @Test func aCharacterSplitAcrossChunksIsHeldWhole() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        #expect(prefixer.feed([0x78, 0xC3]) == label + [0x78])
        #expect(prefixer.feed([0xA9, 0x0A]) == [0xC3, 0xA9, 0x0A])
        #expect(prefixer.feed([0xE2, 0x82]) == [])
        #expect(prefixer.feed([0xAC]) == label + [0xE2, 0x82, 0xAC])
    }

    @Test func aCharacterCutShortHoldsNothingBack() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        #expect(prefixer.feed([0xC3, 0x0A, 0x78]) == label + [0xC3, 0x0A] + label + [0x78])
        #expect(prefixer.feed([0xE2, 0x82, 0x1B, 0x5B, 0x6D]) == [0xE2, 0x82, 0x1B, 0x5B, 0x6D])
    }

    @Test func aSequenceSplitAcrossChunksIsHeldWholeAndItsColourKept() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        #expect(prefixer.feed(bytes("\u{1B}[3")) == [])
        #expect(prefixer.feed(bytes("1mred\nmore")) == bytes("\u{1B}[31m\u{1B}[0mweb | \u{1B}[0;31mred\n\u{1B}[0mweb | \u{1B}[0;31mmore"))
        #expect(prefixer.feed(bytes("\u{1B}[0m\nplain\n")) == bytes("\u{1B}[0m\nweb | plain\n"))
    }

    @Test func aLineRedrawnAfterACarriageReturnKeepsItsLabel() {
        #expect(feed([bytes("10%\r\u{1B}[2K50%\n")]) == bytes("web | 10%\r\u{1B}[2Kweb | 50%\n"))
    }

    @Test func aLineBreakInsideAControlStringIsNoLineStart() {
        #expect(feed([bytes("x\u{1B}]0;t\nu\u{07}y\n")]) == bytes("web | x\u{1B}]0;t\nu\u{07}y\n"))
    }

    @Test func leavingEndsAnUnfinishedLineAndTheColours() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        _ = prefixer.feed(bytes("\u{1B}[1mhalf"))
        #expect(prefixer.leave() == bytes("\r\n\u{1B}[0m"))
        #expect(prefixer.feed(bytes("rest\n")) == bytes("\u{1B}[0mweb | \u{1B}[0;1mrest\n"))
        #expect(prefixer.leave() == bytes("\u{1B}[0m"))
        var plain = LinePrefixer(name: "web", color: nil)
        _ = plain.feed(bytes("done\n"))
        #expect(plain.leave() == [])
    }

    @Test func whatIsHeldComesOutAtTheEnd() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        #expect(prefixer.feed(bytes("a\u{1B}]0;unterminated")) == bytes("web | a"))
        #expect(prefixer.finish() == bytes("\u{1B}]0;unterminated\u{18}"))
        #expect(prefixer.finish() == [])
    }

    @Test func aSequenceLetThroughIsEndedAtTheEnd() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        let long = "\u{1B}P" + String(repeating: "x", count: LinePrefixer.mostHeld + 1)
        #expect(prefixer.feed(bytes(long)) == bytes(long))
        #expect(prefixer.feed(bytes("yz")) == [])
        #expect(prefixer.finish() == bytes("yz\u{18}"))
    }

    @Test func aCharacterCutShortIsWrittenAsItIs() {
        var prefixer = LinePrefixer(name: "web", color: nil)
        #expect(prefixer.feed(bytes("é").dropLast()) == [])
        #expect(prefixer.finish() == bytes("web | ") + [0xC3])
        #expect(prefixer.feed(bytes("a\n")) == bytes("a\n"))
    }

    @Test func namesArePaddedToTheWidestOnTheTerminal() {
        #expect(LinePrefixer.padded(["make", "npm", "日本"]) == ["make", "npm ", "日本"])
        #expect(LinePrefixer.padded(["a", "日本"]) == ["a   ", "日本"])
    }
}
