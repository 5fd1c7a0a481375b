/// One CSS class per distinct text style, named in the order they are first needed, so a
/// `<tspan>` carries a short class instead of its colours.
struct StyleSheet {
    private(set) var classes: [(name: String, rule: String)] = []
    private var names: [String: String] = [:]

    /// The class for `style`'s text, or nil for the default look.
    mutating func className(_ style: TextStyle) -> String? {
        guard let rule = style.textRule else { return nil }
        if let name = names[rule] { return name }
        let name = "s\(classes.count)"
        names[rule] = name
        classes.append((name, rule))
        return name
    }

    /// The rules, one line each.
    var css: String { classes.map { ".\($0.name){\($0.rule)}" }.joined(separator: "\n") }
}
