import Testing

@testable import LoadWrapTool

@Suite struct ShellQuoteTests {
    @Test(arguments: [
        ("make", "make"), ("-j8", "-j8"), ("a/b.c:d,e@f%g+h=i_j", "a/b.c:d,e@f%g+h=i_j"),
        ("", "''"), ("two words", "'two words'"), ("it's", "'it'\\''s'"), ("'", "''\\'''"),
        ("$HOME", "'$HOME'"), ("*.swift", "'*.swift'"), ("a\"b", "'a\"b'"), ("café", "'café'"),
        ("tab\there", "'tab\there'"), ("~", "'~'"),
    ])
    func quotesOneWord(word: String, expected: String) {
        #expect(ShellQuote.quote(word) == expected)
    }

    @Test func joinsWithSpaces() {
        #expect(ShellQuote.join(["sh", "-c", "echo 'hi' && ls"]) == "sh -c 'echo '\\''hi'\\'' && ls'")
        #expect(
            ShellQuote.join(["curl", "-sSL", "https://example.org/index.json"])
                == "curl -sSL https://example.org/index.json")
        #expect(ShellQuote.join(["printf", ""]) == "printf ''")
        #expect(ShellQuote.join([]) == "")
    }
}
