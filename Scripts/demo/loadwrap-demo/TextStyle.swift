import TerminalModel

/// How a run of cells is drawn, colours resolved (inverse applied): its text's fill and flags,
/// and the background behind it (nil: the terminal's own).
struct TextStyle: Hashable, Sendable {
    /// Nil for the default foreground.
    var fill: String?
    var background: String?
    /// Bold, dim, italic, underline and strikethrough: what SVG text can show.
    var flags: Attributes.Flags
    var hidden: Bool

    init(_ attributes: Attributes, _ palette: Palette) {
        var fill = palette.hex(attributes.foreground)
        var background = palette.hex(attributes.background)
        if attributes.flags.contains(.inverse) {
            (fill, background) = (background ?? palette.background, fill ?? palette.foreground)
        }
        self.fill = fill
        self.background = background
        flags = attributes.flags.intersection([.bold, .dim, .italic, .underline, .strikethrough])
        hidden = attributes.flags.contains(.hidden)
    }

    /// The text part of the style, which a CSS class carries; nil when it is all default.
    var textRule: String? {
        var rule: [String] = []
        if let fill { rule.append("fill:\(fill)") }
        if flags.contains(.bold) { rule.append("font-weight:bold") }
        if flags.contains(.dim) { rule.append("fill-opacity:.6") }
        if flags.contains(.italic) { rule.append("font-style:italic") }
        let lines = [(Attributes.Flags.underline, "underline"), (.strikethrough, "line-through")]
            .filter { flags.contains($0.0) }.map(\.1)
        if !lines.isEmpty { rule.append("text-decoration:" + lines.joined(separator: " ")) }
        return rule.isEmpty ? nil : rule.joined(separator: ";")
    }
}
