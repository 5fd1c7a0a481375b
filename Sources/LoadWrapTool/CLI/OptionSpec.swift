/// One command-line option: its names, whether it takes a value, and its help line.
///
/// `OptionSpec.all` is the single table both the parser and the help read, so a new option is a new
/// `ID` case, one row here and one `case` in `ArgumentParser.apply`. A verb's options are rows of
/// the same kind, listed in `Verb.all`.
struct OptionSpec: Sendable {
    /// Which option this is, so the parser can switch over options exhaustively.
    enum ID: Sendable {
        case title, spinner, listSpinners, delay, mode, color, quiet, tail, log, result, success, failure, heartbeat, noGroup, noAnnotate
        case noSummary, timestamps, trace, traceFormat, timings
        case timeout, killAfter, retry, retryDelay, noRetryAfterTimeout, until, progressFrom, termProgress, notify, noHistory
        case command, name, jobs, failFast, noPrefix
        case generateManual, completions, version, help
        /// The verbs' own (`Verb.options`): never in `all`, so never an option of a run.
        case progressClear, progressUnit, historyClear
    }

    /// Which option this is.
    let id: ID
    /// The long name with its dashes, e.g. `--title`.
    let long: String
    /// The one-letter name, e.g. `t` for `-t`, if any.
    let short: Character?
    /// The value placeholder without brackets, e.g. `text`, or nil for a flag.
    let valueName: String?
    /// True when the value may be left out and can only be attached (`--result=failure`).
    var valueIsOptional = false
    /// The help description, one sentence.
    let help: String
    /// The environment variable that sets this option's user-wide default (a flag beats it), or
    /// nil: the command, its title and its time limit are per run, never from the environment.
    var environment: String?

    /// Every option in help order; `--help` stays last, as in swift-argument-parser.
    static let all: [OptionSpec] = [
        OptionSpec(
            id: .title, long: "--title", short: "t", valueName: "text",
            help: "Text beside the spinner (default: the command line)."),
        OptionSpec(
            id: .spinner, long: "--spinner", short: "s", valueName: "name",
            help: "Spinner style (default: dots, or line when the locale is not UTF-8).",
            environment: "LOADWRAP_SPINNER"),
        OptionSpec(
            id: .listSpinners, long: "--list-spinners", short: nil, valueName: nil,
            help: "List the spinner styles with a sample frame and exit."),
        OptionSpec(
            id: .delay, long: "--delay", short: nil, valueName: "duration",
            help: "Draw nothing for commands that end sooner: 250ms, 1.5s, 2m or seconds (default: 100ms).",
            environment: "LOADWRAP_DELAY"),
        OptionSpec(
            id: .mode, long: "--mode", short: nil, valueName: "mode",
            help: "auto, overlay, plain or silent (default: auto: overlay on a terminal, plain in CI or a log).",
            environment: "LOADWRAP_MODE"),
        OptionSpec(
            id: .color, long: "--color", short: nil, valueName: "when",
            help: "auto, always or never (default: auto: colour on a terminal unless NO_COLOR is set).",
            environment: "LOADWRAP_COLOR"),
        OptionSpec(
            id: .quiet, long: "--quiet", short: "q", valueName: nil,
            help: "Show the command's output only if it fails (output into a pipe or file still streams)."),
        OptionSpec(
            id: .tail, long: "--tail", short: nil, valueName: "lines", valueIsOptional: true,
            help: "Overlay mode: hold the output back and show its last lines above the spinner, all of it"
                + " if the command fails; plain mode streams as always (default for --tail: 6).",
            environment: "LOADWRAP_TAIL"),
        OptionSpec(
            id: .log, long: "--log", short: nil, valueName: "file",
            help: "Also write the command's terminal- or log-bound output, exactly as written, to this file."),
        OptionSpec(
            id: .trace, long: "--trace", short: nil, valueName: "file",
            help: "When the run ends, write the timeline of every step under it to this file as Chrome trace JSON,"
                + " which Perfetto and chrome://tracing open (only the outermost loadwrap writes).",
            environment: "LOADWRAP_TRACE"),
        OptionSpec(
            id: .traceFormat, long: "--trace-format", short: nil, valueName: "format",
            help: "What --trace writes: chrome (the default) or otlp, an OTLP/JSON export for an OpenTelemetry"
                + " collector; with otlp each command gets a TRACEPARENT naming its own span.",
            environment: "LOADWRAP_TRACE_FORMAT"),
        OptionSpec(
            id: .timings, long: "--timings", short: nil, valueName: "file", valueIsOptional: true,
            help: "When the run ends, write a page with the timeline of every step, the critical path and the"
                + " slowest steps to this file (default for --timings: loadwrap-timings.html; outermost loadwrap only).",
            environment: "LOADWRAP_TIMINGS"),
        OptionSpec(
            id: .result, long: "--result", short: nil, valueName: "when", valueIsOptional: true,
            help: "Print an end line: always (the default for --result), failure or never"
                + " (default: always in plain mode, never in overlay, failure there with --tail or --log).",
            environment: "LOADWRAP_RESULT"),
        OptionSpec(
            id: .success, long: "--success", short: nil, valueName: "text",
            help: "The end line's text when the command succeeds (default: the title)."),
        OptionSpec(
            id: .failure, long: "--failure", short: nil, valueName: "text",
            help: "The end line's text when the command fails (default: the title)."),
        OptionSpec(
            id: .heartbeat, long: "--heartbeat", short: nil, valueName: "duration",
            help: "Plain mode: say the command is still running after this much silence; 0 is off (default: 60s).",
            environment: "LOADWRAP_HEARTBEAT"),
        OptionSpec(
            id: .noGroup, long: "--no-group", short: nil, valueName: nil,
            help: "Plain mode: no collapsible log groups in a CI log (GitHub, GitLab, Buildkite, Azure, TeamCity)."),
        OptionSpec(
            id: .noAnnotate, long: "--no-annotate", short: nil, valueName: nil,
            help: "Plain mode: no error annotation of a failed run on GitHub Actions or Azure Pipelines."),
        OptionSpec(
            id: .noSummary, long: "--no-summary", short: nil, valueName: nil,
            help: "Plain mode: no row in GitHub's job summary (GITHUB_STEP_SUMMARY; also LOADWRAP_SUMMARY=0).",
            environment: "LOADWRAP_SUMMARY"),
        OptionSpec(
            id: .timestamps, long: "--timestamps", short: nil, valueName: "style", valueIsOptional: true,
            help: "Plain mode: begin each line of the log with the time since the start (elapsed, the default)"
                + " or the UTC time (utc).",
            environment: "LOADWRAP_TIMESTAMPS"),
        OptionSpec(
            id: .until, long: "--until", short: nil, valueName: "regex",
            help: "Stop the spinner at the first output line that matches; the command runs on."),
        OptionSpec(
            id: .progressFrom, long: "--progress-from", short: nil, valueName: "regex",
            help: "Show how far along the command is from its output: 'percent' reads 52% from each line;"
                + " a regex reads its group pct, or done and total."),
        OptionSpec(
            id: .termProgress, long: "--term-progress", short: nil, valueName: "when",
            help: "auto, always or never: show progress in the terminal's tab or taskbar (OSC 9;4)"
                + " (default: auto: where the terminal is known to show it, not in tmux or screen).",
            environment: "LOADWRAP_TERM_PROGRESS"),
        OptionSpec(
            id: .notify, long: "--notify", short: nil, valueName: "duration", valueIsOptional: true,
            help: "When the command ran longer than this (default for --notify: 10s), ask the terminal"
                + " for a desktop notification at its end, or ring the bell.",
            environment: "LOADWRAP_NOTIFY"),
        OptionSpec(
            id: .timeout, long: "--timeout", short: nil, valueName: "duration",
            help: "End the command and everything it started after this long (SIGTERM); exit 124. 0 is no limit."),
        OptionSpec(
            id: .killAfter, long: "--kill-after", short: nil, valueName: "duration",
            help: "After the SIGTERM of --timeout or --fail-fast, wait this long, then SIGKILL (default: 5s).",
            environment: "LOADWRAP_KILL_AFTER"),
        OptionSpec(
            id: .retry, long: "--retry", short: nil, valueName: "count",
            help: "Run the command again when it fails, up to this many more times; refused when stdin is a pipe."),
        OptionSpec(
            id: .retryDelay, long: "--retry-delay", short: nil, valueName: "duration",
            help: "Wait before the first retry, doubled before each next one up to 1m (default: 1s).",
            environment: "LOADWRAP_RETRY_DELAY"),
        OptionSpec(
            id: .noRetryAfterTimeout, long: "--no-retry-after-timeout", short: nil, valueName: nil,
            help: "Do not retry an attempt that ran out of --timeout (each attempt has the whole limit)."),
        OptionSpec(
            id: .noHistory, long: "--no-history", short: nil, valueName: nil,
            help: "Neither show nor remember how long this command usually takes (also LOADWRAP_HISTORY=0;"
                + " 'loadwrap history --clear' forgets every run).",
            environment: "LOADWRAP_HISTORY"),
        OptionSpec(
            id: .command, long: "--command", short: "c", valueName: "command",
            help: "Run this shell command line, as sh -c does; given more than once, the commands run at once"
                + " and loadwrap fails as the first of them to fail."),
        OptionSpec(
            id: .name, long: "--name", short: nil, valueName: "name",
            help: "Name the -c that follows: its title and line prefix (default: the program it runs, or sh, made unique with -2, -3)."),
        OptionSpec(
            id: .jobs, long: "--jobs", short: "j", valueName: "count",
            help: "With several -c: run at most this many at once; the others wait their turn (default: all)."),
        OptionSpec(
            id: .failFast, long: "--fail-fast", short: nil, valueName: nil,
            help: "With several -c: once one fails, end the others (SIGTERM, SIGKILL after --kill-after)"
                + " and start no more."),
        OptionSpec(
            id: .noPrefix, long: "--no-prefix", short: nil, valueName: nil,
            help: "With several -c on a terminal: no 'name | ' before each line of their output."),
        OptionSpec(
            id: .generateManual, long: "--generate-manual", short: nil, valueName: nil,
            help: "Print the man page (loadwrap.1, roff) and exit."),
        OptionSpec(
            id: .completions, long: "--completions", short: nil, valueName: "shell",
            help: "Print the completion script for bash, zsh or fish and exit."),
        OptionSpec(
            id: .version, long: "--version", short: nil, valueName: nil,
            help: "Show the version."),
        OptionSpec(
            id: .help, long: "--help", short: "h", valueName: nil,
            help: "Show help information."),
    ]

    /// The option whose long name (dashes included) is `long`, or nil.
    static func withLong(_ long: String) -> OptionSpec? {
        all.first { $0.long == long }
    }

    /// The option whose one-letter name is `short`, or nil.
    static func withShort(_ short: Character) -> OptionSpec? {
        all.first { $0.short == short }
    }

    /// The option as help shows it: `-t, --title <text>`.
    var label: String {
        let names = short.map { "-\($0), \(long)" } ?? long
        guard let valueName else { return names }
        return valueIsOptional ? "\(names)[=<\(valueName)>]" : "\(names) <\(valueName)>"
    }
}
