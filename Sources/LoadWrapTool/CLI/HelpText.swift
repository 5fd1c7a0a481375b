/// The `--help` text, laid out as swift-argument-parser lays it out.
enum HelpText {
    /// The column where descriptions start, swift-argument-parser's.
    static let descriptionColumn = 26
    /// The width descriptions are wrapped to.
    static let width = 80

    /// The one-line overview.
    static let overview = "Run a command with a spinner on the terminal that leaves no trace."

    /// The positional arguments, as (label, description).
    static let arguments: [(String, String)] = [
        ("<command>", "The command to run; loadwrap exits as it does."),
        ("<arguments>", "Passed to the command unchanged."),
    ]

    /// The heading `section`'s verbs are listed under.
    static func heading(_ section: Verb.Section) -> String {
        switch section {
        case .fromInside: return "FROM INSIDE THE COMMAND (outside loadwrap these do nothing and exit 0):"
        case .rememberedDurations: return "REMEMBERED DURATIONS:"
        }
    }

    /// The whole help text, ending in a newline.
    static func render() -> String {
        var text = "OVERVIEW: \(overview)\n\nUSAGE: \(UsageError.usage)\n\nARGUMENTS:\n"
        for (label, description) in arguments {
            text += entry(label, description)
        }
        for section in Verb.Section.allCases {
            text += "\n" + heading(section) + "\n"
            for verb in Verb.all where verb.section == section {
                text += entry(verb.usage, verb.help)
            }
        }
        text += "\nOPTIONS:\n"
        for option in OptionSpec.all {
            text += entry(option.label, option.help, tag: option.environment.map { "[env: \($0)]" })
        }
        return text
    }

    /// One indented entry: the label, then the description from `descriptionColumn`, wrapped to
    /// `width`; a label too long for the column puts its description on the next line. A `tag`
    /// (`[env: LOADWRAP_MODE]`, as clap shows it) ends the description and is never split.
    static func entry(_ label: String, _ description: String, tag: String? = nil) -> String {
        let indent = String(repeating: " ", count: descriptionColumn)
        var text = "  " + label
        if text.count + 2 > descriptionColumn {
            text += "\n" + indent
        } else {
            text += String(repeating: " ", count: descriptionColumn - text.count)
        }
        var column = descriptionColumn
        let words = description.split(separator: " ") + (tag.map { [Substring($0)] } ?? [])
        for (index, word) in words.enumerated() {
            if index > 0, column + 1 + word.count > width {
                text += "\n" + indent
                column = descriptionColumn
            } else if index > 0 {
                text += " "
                column += 1
            }
            text += word
            column += word.count
        }
        return text + "\n"
    }
}
