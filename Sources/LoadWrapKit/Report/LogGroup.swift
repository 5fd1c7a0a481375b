/// A collapsible section in a CI log, in the markup the CI service understands. The end line
/// stays outside it, so the result shows with the section folded.
enum LogGroup: Equatable, Sendable {
    /// GitHub Actions workflow commands: `::group::` / `::endgroup::`.
    case github
    /// GitLab CI section markers, named so that nested runs do not close each other's.
    case gitlab(name: String)

    /// The group the environment's CI understands, or nil.
    static func detect(_ environment: [String: String], name: String) -> LogGroup? {
        if environment["GITHUB_ACTIONS"] == "true" { return .github }
        if let value = environment["GITLAB_CI"], !value.isEmpty, value != "false" { return .gitlab(name: name) }
        return nil
    }

    /// Opens the group with `header` (a start line without its newline) as its visible title.
    /// GitLab's markers are the only escape bytes plain mode writes: its log viewer requires them.
    func open(header: String, unixTime: Int) -> String {
        switch self {
        case .github:
            return "::group::\(Self.escapedData(header))\n"
        case .gitlab(let name):
            return "\u{1B}[0Ksection_start:\(unixTime):\(name)[collapsed=true]\r\u{1B}[0K\(header)\n"
        }
    }

    /// `text` as workflow-command data: the runner turns `%25`, `%0D` and `%0A` back into `%`, CR and
    /// LF (actions/runner `ActionCommand.UnescapeData`), so a title with `%0A` in it would otherwise
    /// lose its `%` or break the line.
    private static func escapedData(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Closes the group.
    func close(unixTime: Int) -> String {
        switch self {
        case .github:
            return "::endgroup::\n"
        case .gitlab(let name):
            return "\u{1B}[0Ksection_end:\(unixTime):\(name)\r\u{1B}[0K\n"
        }
    }
}
