/// A CI service told by its own variable, and what its log reads as commands in loadwrap's lines.
enum CIService: Equatable, Sendable {
    case github, gitlab, buildkite, azure, teamcity

    /// The service `environment` belongs to, or nil; the first of them when several are set.
    static func detect(_ environment: [String: String]) -> CIService? {
        func isSet(_ name: String) -> Bool {
            let value = environment[name] ?? ""
            return !value.isEmpty && value.lowercased() != "false"
        }
        if environment["GITHUB_ACTIONS"] == "true" { return .github }
        if isSet("GITLAB_CI") { return .gitlab }
        if isSet("BUILDKITE") { return .buildkite }
        if isSet("TF_BUILD") { return .azure }
        if isSet("TEAMCITY_VERSION") { return .teamcity }
        return nil
    }

    /// The collapsible group of this service; `name` identifies it where the markers need one.
    func group(name: String) -> LogGroup {
        switch self {
        case .github: return .github
        case .gitlab: return .gitlab(name: name)
        case .buildkite: return .buildkite
        case .azure: return .azure
        case .teamcity: return .teamcity
        }
    }

    /// `text`, from one of loadwrap's own lines, with the command prefixes this service finds
    /// anywhere in a line broken by a WORD JOINER (U+2060, invisible), so a title can forge none.
    /// The Azure Pipelines agent looks for `##vso[` anywhere (`Command.TryParse`:
    /// `message.IndexOf("##vso[")`, azure-pipelines-agent `Command.cs`); TeamCity's `##teamcity[`
    /// is broken too, wherever its parser may look. GitHub's and Buildkite's commands count only
    /// at the start of a line, where loadwrap's lines have their mark (`▸`, `✔`, `>`).
    func defanged(_ text: String) -> String {
        switch self {
        case .azure: return text.replacing("##vso[", with: "#\u{2060}#vso[")
        case .teamcity: return text.replacing("##teamcity[", with: "#\u{2060}#teamcity[")
        case .github, .gitlab, .buildkite: return text
        }
    }
}
