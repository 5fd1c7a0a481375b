import LoadWrapCore

/// The plain-text lines loadwrap writes about a run: start, heartbeat and end, e.g.
/// `▸ make -j8`, `… make -j8 · still running · 5m00s`, `✔ make -j8 · 12.4s`.
/// ASCII forms when the terminal is not UTF-8; colour only on the end line's mark. Titles and
/// texts come already sanitised, from where they entered loadwrap.
package struct ReportLines: Sendable {
    /// Whether the terminal takes UTF-8 (else `>`, `...`, `OK`, `FAIL` and ` - `).
    var utf8: Bool
    /// Whether to colour the end line's mark (green success, red failure).
    var color: Bool

    /// `▸ title`, when the command starts.
    package func start(_ title: String) -> String {
        "\(utf8 ? "▸" : ">") \(title)\n"
    }

    /// `… title · still running · 5m00s`, after a silence.
    package func heartbeat(_ title: String, elapsedMS: Int) -> String {
        "\(utf8 ? "…" : "...") \(title)\(separator)still running\(separator)"
            + "\(ElapsedFormat.tenths(ms: elapsedMS))\n"
    }

    /// `… title · 52% · 1m12s`, when the work has got another tenth further, or after a silence
    /// while its progress is known.
    package func progress(_ title: String, figures: String, elapsedMS: Int) -> String {
        "\(utf8 ? "…" : "...") \(title)\(separator)\(figures)\(separator)\(ElapsedFormat.tenths(ms: elapsedMS))\n"
    }

    /// `✔ title · 12.4s` or `✖ title · exit 2 · 12.4s`, when the command has ended; `notes` are
    /// more fields at the end (`usually 1m12s`, `log: build.log`).
    package func end(_ text: String, outcome: Outcome, elapsedMS: Int, notes: [String] = []) -> String {
        let fields = [text] + outcome.fields(elapsedMS: elapsedMS) + notes
        return "\(mark(outcome.succeeded)) \(fields.joined(by: separator))\n"
    }

    private var separator: String { utf8 ? " · " : " - " }

    /// The success or failure mark, without colour: `✔`, `✖`, or `OK`, `FAIL` in ASCII.
    package func symbol(_ succeeded: Bool) -> String {
        succeeded ? (utf8 ? "✔" : "OK") : (utf8 ? "✖" : "FAIL")
    }

    /// The success or failure mark, coloured when asked.
    private func mark(_ succeeded: Bool) -> String {
        let symbol = symbol(succeeded)
        guard color else { return symbol }
        return "\u{1B}[\(succeeded ? 32 : 31)m\(symbol)\u{1B}[39m"
    }

    /// Each stored property, as the memberwise initialiser has it, for the targets above.
    package init(utf8: Bool, color: Bool) {
        self.utf8 = utf8
        self.color = color
    }
}
