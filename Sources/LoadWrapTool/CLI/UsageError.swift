/// A command line loadwrap cannot run: the message for stderr, and exit status 125.
enum UsageError: Error, Equatable, Sendable {
    /// A word starting with `-` that names no option, and the option probably meant.
    case unknownOption(String, suggestion: String?)
    /// An option that needs a value came last, or before another option.
    case missingValue(option: String, valueName: String)
    /// A flag such as `--help=yes` was given a value.
    case unexpectedValue(option: String)
    /// Options but no command.
    case missingCommand
    /// A DURATION that `DurationParser` does not accept.
    case invalidDuration(String, option: String)
    /// A `--spinner` name not in the catalogue, and the name probably meant.
    case unknownSpinner(String, option: String, suggestion: String?)
    /// A value outside a fixed set, such as `--color sometimes`.
    case invalidValue(String, option: String, accepted: [String])
    /// An `--until` pattern Swift's Regex does not accept, with the parser's reason and the
    /// 1-based position of the problem (`WatchPattern.position(ofErrorIn:)`).
    case invalidPattern(String, option: String, reason: String, position: Int)
    /// A `--progress-from` regex without a group named `pct`, or groups `done` and `total`.
    case progressGroups(String)
    /// A `loadwrap progress` value in none of the forms.
    case invalidProgress(String)
    /// `loadwrap history` without `--clear`, or with something else.
    case historyUsage
    /// `-c` and a command after the options: which one to run is not clear.
    case commandBesideCommandOption
    /// A `--name` with no `-c` after it.
    case nameWithoutCommand
    /// `--job-runner` words that are no plan (`JobPlan.FormatError`): only loadwrap writes them.
    case invalidJobPlan(reason: String)

    /// The usage line shared by errors and help.
    static let usage = "loadwrap [<options>] [--] <command> [<arguments> ...]"

    /// The status for loadwrap's own failures, as GNU `timeout` and `env` use it, so it is not
    /// confused with the wrapped command's common codes.
    var exitCode: Int32 { 125 }

    /// The one-sentence problem, without the `Error: ` prefix.
    var message: String {
        switch self {
        case .unknownOption(let word, let suggestion):
            return "Unknown option \(quoted(word))." + (suggestion.map { " Did you mean \(quoted($0))?" } ?? "")
        case .missingValue(let option, let valueName):
            return "Missing value for \(quoted("\(option) <\(valueName)>"))."
        case .unexpectedValue(let option):
            return "Option \(quoted(option)) does not take a value."
        case .missingCommand:
            return "Missing expected argument '<command>'."
        case .invalidDuration(let value, let option):
            return "Invalid duration \(quoted(value)) for \(quoted(option)): expected a number with ms, s, m or h"
                + " (250ms, 1.5s, 2m) or a bare number of seconds."
        case .unknownSpinner(let name, let option, let suggestion):
            return "Unknown spinner \(quoted(name)) for \(quoted(option))."
                + (suggestion.map { " Did you mean \(quoted($0))?" } ?? "")
                + " See 'loadwrap --list-spinners'."
        case .invalidValue(let value, let option, let accepted):
            return "Invalid value \(quoted(value)) for \(quoted(option)): expected \(Self.list(accepted))."
        case .invalidPattern(let pattern, let option, let reason, let position):
            return "Invalid pattern \(quoted(pattern)) for \(quoted(option)) at position \(position): \(reason)."
        case .progressGroups(let pattern):
            return "The pattern \(quoted(pattern)) for '--progress-from' needs a group named pct, or groups named"
                + " done and total, e.g. '(?<pct>[0-9.]+)%' or '(?<done>[0-9]+)/(?<total>[0-9]+)'; or use 'percent'."
        case .invalidProgress(let value):
            return "Invalid progress \(quoted(value)): expected N% (40%), DONE/TOTAL (3/10) with '--unit B' for bytes,"
                + " or '--clear'."
        case .historyUsage:
            return "Expected '\(Verb.history.usage)'."
        case .commandBesideCommandOption:
            return "A command after the options cannot go with '-c': give each command with -c, or one command after --."
        case .nameWithoutCommand:
            return "'--name' names the -c after it, and none follows."
        case .invalidJobPlan(let reason):
            return "Invalid plan after '--job-runner', which loadwrap writes itself to run several -c: \(shown(reason))."
        }
    }

    /// Whether the usage line follows: the command line's shape is wrong, not just one value.
    var showsUsage: Bool {
        switch self {
        case .unknownOption, .missingValue, .unexpectedValue, .missingCommand: return true
        case .invalidDuration, .unknownSpinner, .invalidValue, .invalidPattern, .progressGroups, .invalidProgress,
             .historyUsage, .commandBesideCommandOption, .nameWithoutCommand, .invalidJobPlan:
            return false
        }
    }

    /// The exact text for stderr, each line ending in a newline.
    func rendered() -> String {
        var text = "Error: \(message)\n"
        if showsUsage {
            text += "Usage: \(Self.usage)\n  See 'loadwrap --help' for more information.\n"
        }
        return text
    }

    /// `a`, `a or b`, `a, b or c`.
    static func list(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The user's text in single quotes, with control characters shown as `?` so a bad argument
    /// cannot put escape sequences on the terminal.
    private func quoted(_ text: String) -> String {
        "'" + shown(text) + "'"
    }

    /// `text` with control characters shown as `?`.
    private func shown(_ text: String) -> String {
        text.unicodeScalars.map { scalar -> String in
            let v = scalar.value
            return v < 0x20 || (0x7F...0x9F).contains(v) ? "?" : String(scalar)
        }.joined()
    }
}
