/// The bar of a determinate spinner line, `━━━━━━━━╸━━━━━━━` (the rest dim) or, in ASCII,
/// `[=====>    ]`; `width` columns in both.
enum ProgressBar {
    static func render(fraction: Double, width: Int, color: Bool, utf8: Bool) -> String {
        guard width > 0 else { return "" }
        return utf8 ? unicode(fraction, width, color) : ascii(fraction, width)
    }

    /// Half cells: `╸` ends a filled half; the rest is the same rule dimmed, or a thin one
    /// without colour so the two parts stay apart.
    private static func unicode(_ fraction: Double, _ width: Int, _ color: Bool) -> String {
        let halves = Int((fraction * Double(width * 2)).rounded(.down))
        let full = halves / 2
        let half = halves % 2
        let rest = width - full - half
        let done = String(repeating: "━", count: full) + (half == 1 ? "╸" : "")
        guard color else { return done + String(repeating: "─", count: rest) }
        let todo = rest > 0 ? "\u{1B}[2m" + String(repeating: "━", count: rest) + "\u{1B}[22m" : ""
        return "\u{1B}[36m" + done + "\u{1B}[39m" + todo
    }

    /// `[`, `=` for done with `>` at the head, spaces, `]`.
    private static func ascii(_ fraction: Double, _ width: Int) -> String {
        let inner = width - 2
        guard inner > 0 else { return "" }
        let filled = Int((fraction * Double(inner)).rounded(.down))
        guard filled < inner else { return "[" + String(repeating: "=", count: inner) + "]" }
        return "[" + String(repeating: "=", count: filled) + ">" + String(repeating: " ", count: inner - filled - 1) + "]"
    }
}
