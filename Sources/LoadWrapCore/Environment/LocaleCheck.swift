/// Tells from the locale variables whether the terminal's character set is UTF-8.
package enum LocaleCheck {
    /// Whether the effective `LC_CTYPE` locale is UTF-8: the first non-empty of `LC_ALL`,
    /// `LC_CTYPE` and `LANG` (the POSIX precedence) names `UTF-8` or `utf8` in any case; with none
    /// set the locale is POSIX, which is ASCII.
    package static func isUTF8(_ environment: [String: String]) -> Bool {
        let names = ["LC_ALL", "LC_CTYPE", "LANG"]
        guard let locale = names.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }) else {
            return false
        }
        // An ASCII name (every real locale) is searched as bytes: `String.contains` instantiates
        // _StringProcessing's searcher and its generic metadata, 16 % of `loadwrap -- true`'s
        // instructions (callgrind). Anything else keeps the Unicode-aware comparison.
        guard locale.utf8.allSatisfy({ $0 < 0x80 }) else {
            let lowered = locale.lowercased()
            return lowered.contains("utf-8") || lowered.contains("utf8")
        }
        let bytes = locale.utf8.map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
        return contains(bytes, Array("utf-8".utf8)) || contains(bytes, Array("utf8".utf8))
    }

    /// Whether `needle` occurs in `haystack`.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start..<start + needle.count].elementsEqual(needle) {
            return true
        }
        return false
    }
}
