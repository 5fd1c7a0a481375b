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
        let lowered = locale.lowercased()
        return lowered.contains("utf-8") || lowered.contains("utf8")
    }
}
