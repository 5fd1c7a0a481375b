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
/// `##vso [`, `## [`, `##teamcity [`. The search here skips, between a prefix's characters, every
/// code point the agents' search might skip (`mayWeighNothing`), so a title cannot hide a prefix
/// from it with one either.
package enum CommandBreak {
    /// The prefixes a CI runs wherever they are in a line.
    static let prefixes: [[Unicode.Scalar]] = ["##[", "##vso[", "##teamcity["].map { Array($0.unicodeScalars) }

    /// `text` with a space before the `[` of every command prefix in it.
    package static func apply(_ text: String) -> String {
        // Every prefix ends in `[`: most lines (`▸ swift build`) have none, and are spared the
        // scalar-by-scalar copy, 6 k instructions a line at start-up (callgrind).
        guard text.utf8.contains(UInt8(ascii: "[")) else { return text }
        var result = String.UnicodeScalarView()
        var seen: [Unicode.Scalar] = []  // the scalars a culture-aware search compares, latest last
        for scalar in text.unicodeScalars {
            if scalar == "[" && prefixes.contains(where: { seen.suffix($0.count - 1).elementsEqual($0.dropLast()) }) {
                result.append(" ")
                seen.append(" ")
            }
            result.append(scalar)
            guard !mayWeighNothing(scalar) else { continue }
            seen.append(scalar)
            if seen.count > 16 { seen.removeFirst() }
        }
        return String(result)
    }

    /// True for a code point a culture-aware search may skip: any but printable ASCII. Collation
    /// weighs nothing for far more than the default ignorables and format characters: ICU 72's root
    /// has 467 more (Hebrew accents U+0591…, Arabic signs U+0610…, enclosing marks, U+0640 ARABIC
    /// TATWEEL, U+180A MONGOLIAN NIRUGU, musical stems U+1D165…), a set that changes with the
    /// agent's ICU and culture, while no code point outside ASCII weighs the same as a prefix's
    /// own characters. So a prefix with any other code point inside it is broken too, which costs
    /// such a title a space it might not have needed, never a command.
    private static func mayWeighNothing(_ scalar: Unicode.Scalar) -> Bool {
        !(0x20...0x7E).contains(scalar.value)
    }
}
