/// POSIX shell quoting, used to show the command line as the default title.
package enum ShellQuote {
    /// The characters a word may hold and still be shown without quotes.
    private static func isPlain(_ c: Character) -> Bool {
        guard c.isASCII, let scalar = c.unicodeScalars.first else { return false }
        return c.isLetter || c.isNumber || "_@%+=:,./-".unicodeScalars.contains(scalar)
    }

    /// One word as a shell would need it typed: as is when plain, else in single quotes.
    package static func quote(_ word: String) -> String {
        if !word.isEmpty && word.allSatisfy(isPlain) { return word }
        // Inside single quotes nothing is special except the quote itself, which must close the
        // quoted run, appear escaped, and reopen it: 'it'\''s'.
        var quoted = "'"
        for c in word {
            quoted += c == "'" ? "'\\''" : String(c)
        }
        return quoted + "'"
    }

    /// The words joined by single spaces, each quoted as needed.
    package static func join(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }
}
