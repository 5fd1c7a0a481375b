/// Escaping for man(7) roff, so texts from the option table print as written.
enum Roff {
    /// `text` safe inside a roff line: backslashes as `\e`, every hyphen of a word that starts with
    /// one (`--no-history`, `-t`) as `\-` so it prints and searches as the ASCII minus an option
    /// needs (groff_man(7), "Hyphenation"), other hyphens left as hyphens (`user-wide`), and
    /// non-ASCII characters as `\[uXXXX]`, so the page does not depend on the input encoding.
    static func escape(_ text: String) -> String {
        var result = ""
        var inOption = false
        var previous: Character = " "
        for character in text {
            if character == "-", inOption || !(previous.isLetter || previous.isNumber || previous == "_") {
                inOption = true
                result += "\\-"
            } else if character == "\\" {
                result += "\\e"
            } else if let scalar = character.unicodeScalars.first, !character.isASCII {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            } else {
                result.append(character)
            }
            if character == " " { inOption = false }
            previous = character
        }
        return result
    }

    /// `text` escaped as a line of running text: one that would start with `.` or `'` (a request to
    /// roff) starts with the zero-width `\&` instead.
    static func line(_ text: String) -> String {
        let escaped = escape(text)
        return escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// `text` in bold, then back to roman.
    static func bold(_ text: String) -> String { "\\fB" + escape(text) + "\\fR" }

    /// `text` in italics, then back to roman.
    static func italic(_ text: String) -> String { "\\fI" + escape(text) + "\\fR" }

    /// A usage such as `loadwrap done [<text>]` with literal words in bold and `<placeholders>` in italics.
    static func usage(_ text: String) -> String {
        let words = text.split(separator: " ").map { word -> String in
            guard let open = word.firstIndex(of: "<"), let close = word.firstIndex(of: ">") else {
                return bold(String(word))
            }
            let before = escape(String(word[..<open]))
            let name = italic(String(word[word.index(after: open)..<close]))
            return before + name + escape(String(word[word.index(after: close)...]))
        }
        return words.joined(separator: " ")
    }
}
