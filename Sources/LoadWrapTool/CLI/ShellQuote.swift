/// POSIX shell quoting, used to show the command line as the default title.
enum ShellQuote {
    /// One word as a shell would need it typed: as is when plain, else in single quotes.
    static func quote(_ word: String) -> String {
        // Checked as bytes: a character is plain only when it is one plain ASCII byte (a non-ASCII
        // character has no ASCII byte, "\r\n" is not plain), so this is the character rule
        // without the Character machinery on the start-up path.
        if !word.isEmpty && word.utf8.allSatisfy(isPlainByte) { return word }
        return quoteRun(word)
    }

    /// The bytes a word may hold and still be shown without quotes: ASCII letters, digits and `_@%+=:,./-`.
    private static func isPlainByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "_@%+=:,./-".utf8.contains(b)
        }
    }

    /// `word` in single quotes, whatever it holds (zsh's completion specs are always quoted).
    static func quoteRun(_ word: String) -> String {
        // Inside single quotes nothing is special except the quote itself, which must close the
        // quoted run, appear escaped, and reopen it: 'it'\''s'.
        var quoted = "'"
        for c in word {
            quoted += c == "'" ? "'\\''" : String(c)
        }
        return quoted + "'"
    }

    /// The words joined by single spaces, each quoted as needed.
    static func join(_ words: [String]) -> String {
        words.map(quote).joined(by: " ")
    }
}
