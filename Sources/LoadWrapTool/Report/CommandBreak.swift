/// Keeps loadwrap's own lines in a CI log (start, heartbeat, progress, `say` and end lines, group
/// headers, annotations) from carrying a command the log's reader would run, whichever CI reads
/// the log: a title comes from a command line, and a log can reach a CI loadwrap does not detect
/// (a container started by a step does not inherit its variables).
///
/// Three prefixes start a command anywhere in a line, not only at its start:
/// - `##[`: GitHub Actions' legacy commands (`##[error]`, `##[add-mask]`, `##[set-output …]`,
///   `##[stop-commands]`). actions/runner `src/Runner.Worker/ActionCommandManager.cs`
///   `TryProcessCommand` tries `ActionCommand.TryParse` after `TryParseV2`, and `TryParse`
///   (`src/Runner.Common/ActionCommand.cs`) finds its prefix with `message.IndexOf("##[")`.
///   Azure Pipelines' formatting commands (`##[group]`, `##[error]`) share it.
/// - `##vso[`: Azure Pipelines' logging commands. azure-pipelines-agent
///   `src/Microsoft.VisualStudio.Services.Agent/Command.cs` `TryParse`: `message.IndexOf("##vso[")`.
/// - `##teamcity[`: TeamCity's service messages.
///
/// GitHub's `::command::` form counts only at a line's start (`TryParseV2` trims leading white
/// space and needs `::` first), where loadwrap's lines have their mark (`▸`, `✔`, `>`, `OK`).
///
/// Both agents search with `string.IndexOf(string)`, which .NET runs in the current culture (ICU;
/// the agent builds with `InvariantGlobalization` false, `src/Common.props`). ICU collation gives
/// default-ignorable code points such as U+2060 WORD JOINER no weight (UTS #10, section 3.8), so an
/// invisible character between the `#`s breaks nothing: `#\u{2060}#vso[` still matches. A space
/// has a weight of its own, so each prefix is broken by a visible space before its `[`:
/// `##vso [`, `## [`, `##teamcity [`. The search here skips ignorable code points as the agents'
/// does, so a title cannot hide a prefix from it with one either.
enum CommandBreak {
    /// The prefixes a CI runs wherever they are in a line.
    static let prefixes: [[Unicode.Scalar]] = ["##[", "##vso[", "##teamcity["].map { Array($0.unicodeScalars) }

    /// `text` with a space before the `[` of every command prefix in it.
    static func apply(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var seen: [Unicode.Scalar] = []  // the scalars a culture-aware search compares, latest last
        for scalar in text.unicodeScalars {
            if scalar == "[" && prefixes.contains(where: { seen.suffix($0.count - 1).elementsEqual($0.dropLast()) }) {
                result.append(" ")
                seen.append(" ")
            }
            result.append(scalar)
            guard !isIgnorable(scalar) else { continue }
            seen.append(scalar)
            if seen.count > 16 { seen.removeFirst() }
        }
        return String(result)
    }

    /// True for a code point that collation weighs nothing: default ignorables (joiners, variation
    /// selectors, soft hyphen, tags), format and control characters.
    private static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        let properties = scalar.properties
        return properties.isDefaultIgnorableCodePoint || properties.generalCategory == .format
            || properties.generalCategory == .control
    }
}
