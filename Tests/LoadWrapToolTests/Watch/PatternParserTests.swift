import Testing

@testable import LoadWrapTool

@Suite struct PatternParserTests {
    @Test(arguments: [
        "Listening on [0-9]+", "^x.*y$", "(?<done>\\d+)/(?<total>\\d+)", "(?P<pct>[0-9.]+)%", "a{2,3}?b|c*",
        "[^\\]a-]", "\\.\\/\\-", "(?:ab)+", "x{,2}",
    ])
    func readsTheSubset(pattern: String) {
        #expect(PatternParser.parse(pattern) != nil)
    }

    @Test(arguments: [
        "(?i)a", "a(?=b)", "(?<=a)b", "(a)\\1", "\\bword", "\\p{L}", "a++", "a*+", "[[:alpha:]]", "[a&&b]",
        "[a--b]", "é", "a{65}", "x{", "\\x41", "(?<name", "[]a]", "[a-b-c]",
    ])
    func refusesWhatItDoesNotRead(pattern: String) {
        #expect(PatternParser.parse(pattern) == nil)
    }

    @Test func requiredBytesAreTheLongestRunEveryMatchHolds() throws {
        let literal = { (pattern: String) in PatternParser.parse(pattern).map { String(decoding: $0.requiredBytes, as: UTF8.self) } }
        #expect(literal("NEVER+MATCHES") == "MATCHES")
        #expect(literal("(?<done>[0-9]+)/(?<total>[0-9]+)") == "/")
        #expect(literal("(ab|cd)x") == "x")
        #expect(literal("(abc)?") == "")
        #expect(literal("(warning)+:") == "warning")
        // K has a non-ASCII canonical twin (U+212A), so it is no literal byte of the text.
        #expect(literal("OK done") == " done")
    }

    @Test func splitKeepsAnchorsOnTheirSide() throws {
        let split = try #require(PatternParser.parse("^a+ foo .*$")?.split)
        #expect(String(decoding: split.literal, as: UTF8.self) == " foo ")
        #expect(PatternParser.parse("foo^")?.split == nil)
        #expect(PatternParser.parse("$foo")?.split == nil)
    }
}
