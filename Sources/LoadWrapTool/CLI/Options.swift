import LoadWrapCore
import LoadWrapJobs
import LoadWrapProcess
import LoadWrapRuns

/// Everything `loadwrap [options] -- command` was asked to do, as parsed from the command line.
struct Options: Equatable, Sendable {
    /// The `--delay` used when none is given: short commands finish before anything is drawn.
    static let defaultDelayMS = 100
    /// `--notify` without a value: runs shorter than this are watched anyway.
    static let defaultNotifyAfterMS = 10_000

    /// The `--title` text, sanitised, or nil for the default (the command line, shell-quoted).
    var title: String?
    /// The `--spinner` style, or nil for the default (dots, or line when the locale is not UTF-8).
    var spinner: SpinnerStyle?
    /// Milliseconds to wait before drawing anything.
    var delayMS: Int
    /// The `--mode` request.
    var mode: ModeRequest
    /// The `--color` request.
    var color: ColorRequest
    /// `--quiet`: hold back the command's terminal- or log-bound output unless it fails.
    var quiet = false
    /// The default of a bare `--tail`: the lines BuildKit's window shows.
    static let defaultTailLines = 6
    /// `--tail`: how many of the command's last lines to show while holding its output; nil for off.
    var tailLines: Int?
    /// `--log`: the file that gets the command's whole terminal- or log-bound output; nil for none.
    var logPath: String?
    /// `--trace`: the file the outermost loadwrap writes the run tree's timeline to; nil for none.
    var tracePath: String?
    /// `--trace-format`: what `--trace` writes.
    var traceFormat = TraceFormat.chrome
    /// `--timings`: the page the outermost loadwrap writes the run tree's timings to; nil for none.
    var timingsPath: String?
    /// The page of a bare `--timings`, in the working directory, as cargo's `--timings` does.
    static let defaultTimingsPath = "loadwrap-timings.html"
    /// `--result`: when to print the end line; nil for the mode's default (always in plain, never in overlay, failure there with `--tail` or `--log`).
    var result: ResultRequest?
    /// `--success`: the end line's text when the command succeeds, instead of the title; sanitised.
    var successText: String?
    /// `--failure`: the end line's text when the command fails, instead of the title; sanitised.
    var failureText: String?
    /// `--heartbeat`: milliseconds of silence before plain mode says the command is still running; 0 turns it off.
    var heartbeatMS = 60_000
    /// `--timeout`: milliseconds the command may run, or nil for no limit.
    var timeoutMS: Int?
    /// `--kill-after`: milliseconds between the timeout's SIGTERM and SIGKILL.
    var killAfterMS = 5_000
    /// `--retry`: how many more times a failed command is run.
    var retries = 0
    /// `--retry-delay`: milliseconds before the first retry.
    var retryDelayMS = 1_000
    /// False for `--no-retry-after-timeout`.
    var retriesAfterTimeout = true
    /// `--until`: a pattern; the spinner stops at the first line of output that matches it.
    var until: WatchPattern?
    /// `--progress-from`: `percent`, or a pattern with named groups; each line's first match
    /// says how far the command has got.
    var progressFrom: ProgressPattern?
    /// `--term-progress`: whether to send the terminal's progress indicator; nil for
    /// `LOADWRAP_TERM_PROGRESS`, then `auto`.
    var termProgress: TermProgressRequest?
    /// `--notify`: milliseconds a run must last before its end raises a desktop notification, or
    /// nil for none.
    var notifyAfterMS: Int?
    /// `--no-group`: no collapsible CI log groups.
    var groups = true
    /// False with `--no-annotate`: a failed run puts no error annotation on the CI's summary page.
    var annotate = true
    /// False with `--no-summary`: a run appends no row to GitHub's job summary.
    var summary = true
    /// `--timestamps`: how plain mode stamps each line of the log, or nil for no stamps.
    var timestamps: TimestampStyle?
    /// False with `--no-history`: this run's duration is neither read nor remembered.
    var history = true
    /// The command and its arguments, untouched; never empty after parsing, except for several
    /// `-c` (`commands`), whose runner `Launcher` makes it (`Options.runningJobs`).
    var command: [String]
    /// The `-c` command lines, each with its `--name`, in the order given; empty without `-c`.
    var commands: [ShellCommand] = []
    /// `--jobs`: how many of several `-c` commands run at once; nil for all of them.
    var jobs: Int?
    /// `--fail-fast`: after the first of several commands fails, end the others and start no more.
    var failFast = false
    /// False with `--no-prefix`: several commands' lines in a terminal go without `name | `.
    var prefix = true

    /// Creates options with every setting at its default except those given.
    init(
        title: String? = nil,
        spinner: SpinnerStyle? = nil,
        delayMS: Int = Options.defaultDelayMS,
        mode: ModeRequest = .auto,
        color: ColorRequest = .auto,
        command: [String]
    ) {
        self.title = title
        self.spinner = spinner
        self.delayMS = delayMS
        self.mode = mode
        self.color = color
        self.command = command
    }

    /// The title to show: `--title` if given, else the command line as a shell would need it
    /// typed, sanitised (the command itself runs as given).
    var resolvedTitle: String {
        title ?? commandLine
    }

    /// The command line as the title shows it when no `--title` is given: sanitised, never an
    /// environment value. Several `-c` read as typed (`-c 'make a' -c 'make b'`), not as the
    /// runner that runs them.
    var commandLine: String {
        Sanitizer.sanitize(ShellQuote.join(commands.count > 1 ? commands.flatMap { ["-c", $0.line] } : command))
    }

    /// Whether loadwrap reads the command's output (`--until`, `--progress-from`), wherever it goes.
    var watchesOutput: Bool {
        until != nil || progressFrom != nil
    }

    /// The style to draw: `--spinner` if given, else braille dots, or ASCII line when the locale
    /// cannot show braille.
    func resolvedSpinner(localeIsUTF8: Bool) -> SpinnerStyle {
        spinner ?? (localeIsUTF8 ? .dots : .line)
    }
}
