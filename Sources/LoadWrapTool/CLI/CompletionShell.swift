/// A shell `loadwrap --completions` writes a completion script for.
package enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The whole completion script, ending in a newline.
    package func script() -> String {
        switch self {
        case .bash: return BashCompletion.script()
        case .zsh: return ZshCompletion.script()
        case .fish: return FishCompletion.script()
        }
    }

    /// The words that are loadwrap's own verbs when they come first, with what each does.
    static var verbs: [(name: String, help: String)] {
        let fromInside = HelpText.commands.map { usage, help in
            (name: String(usage.split(separator: " ")[1]), help: help)
        }
        return fromInside + [(name: "history", help: HelpText.historyHelp)]
    }
}
