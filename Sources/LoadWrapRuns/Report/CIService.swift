/// A CI service told by its own variable: its log groups and its failure annotation.
package enum CIService: Equatable, Sendable {
    case github, gitlab, buildkite, azure, teamcity

    /// The service `environment` belongs to, or nil; the first of them when several are set. Each
    /// is told by the value its own documentation gives its variable, so `BUILDKITE=false`, an
    /// empty value or a stray `0` is no service:
    /// - `GITHUB_ACTIONS`: "Always set to `true`" (docs.github.com/en/actions/reference/variables-reference);
    /// - `GITLAB_CI`: "`true` when available" (docs.gitlab.com/ci/variables/predefined_variables);
    /// - `BUILDKITE`: "Always `true`" (buildkite.com/docs/pipelines/environment_variables);
    /// - `TF_BUILD`: `True` (learn.microsoft.com/azure/devops/pipelines/build/variables; the agent
    ///   sets it in azure-pipelines-agent `src/Agent.Sdk/ProcessInvoker.cs`);
    /// - `TEAMCITY_VERSION`: the server's version, "can be used to determine if the build is run
    ///   within TeamCity" (jetbrains.com/help/teamcity/predefined-build-parameters.html).
    /// `true` is compared in any case: the systems differ in it (`true`, `True`).
    package static func detect(_ environment: [String: String]) -> CIService? {
        func isTrue(_ name: String) -> Bool { environment[name]?.lowercased() == "true" }
        if isTrue("GITHUB_ACTIONS") { return .github }
        if isTrue("GITLAB_CI") { return .gitlab }
        if isTrue("BUILDKITE") { return .buildkite }
        if isTrue("TF_BUILD") { return .azure }
        if !(environment["TEAMCITY_VERSION"] ?? "").isEmpty { return .teamcity }
        return nil
    }

    /// The variables `detect` reads.
    package static let variables = ["GITHUB_ACTIONS", "GITLAB_CI", "BUILDKITE", "TF_BUILD", "TEAMCITY_VERSION"]

    /// The collapsible group of this service; `name` identifies it where the markers need one.
    package func group(name: String) -> LogGroup {
        switch self {
        case .github: return .github
        case .gitlab: return .gitlab(name: name)
        case .buildkite: return .buildkite
        case .azure: return .azure
        case .teamcity: return .teamcity
        }
    }

    /// The line that puts `summary` (a failed run's end line, no line end) on the run's summary
    /// page as an error, or nil where the log has no such command: GitHub's `::error` workflow
    /// command, Azure's `task.logissue` logging command. `summary` has no command prefix left.
    package func failureAnnotation(_ summary: String) -> String? {
        switch self {
        case .github: return "::error title=loadwrap::\(Self.githubData(summary))\n"
        case .azure: return "##vso[task.logissue type=error]\(Self.azureData(summary))\n"
        case .gitlab, .buildkite, .teamcity: return nil
        }
    }

    /// `text` as workflow-command data: the runner turns `%25`, `%0D` and `%0A` back into `%`, CR
    /// and LF (actions/runner `ActionCommand.UnescapeData`), so a title with `%0A` in it would
    /// otherwise lose its `%` or break the line.
    static func githubData(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// `text` as logging-command data: the agent turns `%3B`, `%0D`, `%0A`, `%5D` and then `%AZP25`
    /// back (azure-pipelines-agent `CommandStringConvertor.Unescape`), so `%` goes as `%AZP25`.
    static func azureData(_ text: String) -> String {
        escaped(text, ["%": "%AZP25", "\r": "%0D", "\n": "%0A"])
    }

    /// `text` with each scalar found in `replacements` replaced: the escaping every CI's markup needs.
    package static func escaped(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] { result += replacement } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }
}
