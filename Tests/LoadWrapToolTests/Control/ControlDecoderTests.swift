import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

@Suite struct ControlDecoderTests {
    @Test func decodesSeveralMessagesInOrder() {
        var decoder = ControlDecoder()
        let messages = decoder.feed(Array("say\tone\npush\t9\tinner\npop\t9\ndone\n".utf8))
        #expect(messages == [.say("one"), .push(pid: 9, title: "inner"), .pop(pid: 9), .done(nil)])
    }

    @Test func joinsALineSplitAcrossFeeds() {
        var decoder = ControlDecoder()
        #expect(decoder.feed(Array("sa".utf8)) == [])
        #expect(decoder.feed(Array("y\tUpl".utf8)) == [])
        #expect(decoder.feed(Array("oading\nsay\tne".utf8)) == [.say("Uploading")])
        #expect(decoder.feed(Array("xt\n".utf8)) == [.say("next")])
    }

    @Test func joinsAUTF8CharacterSplitAcrossFeeds() {
        var decoder = ControlDecoder()
        let bytes = Array("say\té\n".utf8)
        #expect(decoder.feed(bytes[0..<5]) == [])
        #expect(decoder.feed(bytes[5...]) == [.say("é")])
    }

    @Test func skipsMalformedLinesAndKeepsTheRest() {
        var decoder = ControlDecoder()
        #expect(decoder.feed(Array("bogus\n\npop\tx\nsay\tok\n".utf8)) == [.say("ok")])
    }

    @Test func acceptsTheLongestEncodedMessage() {
        var decoder = ControlDecoder()
        let longest = ControlMessage.say(String(repeating: "x", count: 507))
        #expect(longest.encoded.count == ControlMessage.maxBytes)
        #expect(decoder.feed(longest.encoded) == [longest])
    }

    @Test func dropsAnOverlongLineAndKeepsTheNext() {
        var decoder = ControlDecoder()
        // 512 bytes before the newline: one more than any encoded message holds.
        let overlong = "say\t" + String(repeating: "x", count: 508) + "\n"
        #expect(decoder.feed(Array((overlong + "say\tnext\n").utf8)) == [.say("next")])
    }

    @Test func dropsAnOverlongLineSplitAcrossFeeds() {
        var decoder = ControlDecoder()
        #expect(decoder.feed(Array(("say\t" + String(repeating: "x", count: 700)).utf8)) == [])
        #expect(decoder.feed(Array(String(repeating: "y", count: 700).utf8)) == [])
        #expect(decoder.feed(Array("z\ndone\tBuilt\n".utf8)) == [.done("Built")])
        #expect(decoder.feed(Array("say\tafter\n".utf8)) == [.say("after")])
    }
}
