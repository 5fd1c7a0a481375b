/// A shell `loadwrap --completions` writes a completion script for.
enum CompletionShell: String, CaseIterable, Sendable {
    case bash, zsh, fish

    /// The whole completion script, ending in a newline.
    func script() -> String {
        switch self {
        case .bash: return BashCompletion.script()
        case .zsh: return ZshCompletion.script()
        case .fish: return FishCompletion.script()
        }
    }
}
