import LoadWrapProcess
import LoadWrapRuns
import LoadWrapTimeline
extension ManualPage {
    /// Every variable loadwrap reads (`ProcessEnvironment.names`) and the one it sets, each once:
    /// the options' defaults from the table first, then the rest by what they decide.
    static var environment: [String] {
        var lines = [".SH ENVIRONMENT"]
        var described: Set<String> = []
        /// Adds an entry for `names` (those not described yet), with `text`.
        func entry(_ names: [String], _ text: String) {
            let fresh = names.filter { described.insert($0).inserted }
            guard !fresh.isEmpty else { return }
            lines += [".TP", fresh.map(Roff.bold).joined(separator: ", "), Roff.line(text)]
        }
        lines.append(Roff.line("A LOADWRAP_ variable that stands for an option sets that option's default; the flag"
            + " wins, an empty value counts as unset, and a bad value is a usage error (125) naming the variable."))
        for option in OptionSpec.all {
            guard let variable = option.environment else { continue }
            if option.valueName == nil {
                entry([variable], "0, false, no or off (any case): as if \(option.long) were given.")
            } else {
                entry([variable], "Sets the default of \(option.long); the flag wins.")
            }
        }
        entry([ControlChannel.variable],
              "Set by loadwrap for the command: the FIFO through which loadwrap say, done and progress reach it.")
        entry([SiblingBlocks.logVariable], "Set by loadwrap in plain mode for the command: names its stderr, so that"
            + " loadwraps run side by side in it keep their output apart in the log.")
        entry(["CI"], "Set to anything but an empty value, 0 or false (any case): a CI job, so plain mode.")
        entry(CIDetector.markers, "Set by a CI service: plain mode. GITHUB_ACTIONS, GITLAB_CI, BUILDKITE and TF_BUILD"
            + " count when true (any case), the others when non-empty. GITHUB_ACTIONS, GITLAB_CI,"
            + " BUILDKITE, TF_BUILD and TEAMCITY_VERSION also fold the command's output in a collapsible group"
            + " (not with --no-group); on GitHub Actions and Azure Pipelines (TF_BUILD) a failed run is annotated"
            + " (not with --no-annotate).")
        entry([JobSummary.variable], "Set by GitHub Actions: the job summary file, where each run adds a row"
            + " (not with --no-summary).")
        entry([TraceParent.variable], "A W3C trace context (set by CI systems and otel-cli): with --trace-format otlp,"
            + " the trace the file joins and the span its run goes under. Set for the command, naming the run's own"
            + " span, while an OTLP trace is written.")
        entry([TraceParent.recordingVariable], "Set by loadwrap for the command while it writes an OTLP trace: the"
            + " trace's id, so that a loadwrap under it names its own span in TRACEPARENT.")
        entry(["JENKINS_URL", "BUILD_ID"], "Both set: a Jenkins job, so plain mode.")
        entry(["NO_COLOR"], "Set and not empty: with --color auto, a monochrome spinner (it is still shown).")
        entry(["TERM"], "dumb: plain mode and no colour. screen* and tmux* (with TMUX and STY):"
            + " inside a multiplexer, so no terminal progress indicator and the bell for --notify.")
        entry(["LC_ALL", "LC_CTYPE", "LANG"], "The first one set decides whether the locale is UTF-8; if not,"
            + " the default spinner is line and the plain-mode marks are ASCII.")
        entry(["XDG_RUNTIME_DIR", "TMPDIR"], "Where the control FIFO and the terminal lock live: XDG_RUNTIME_DIR,"
            + " else /dev/shm on Linux, else TMPDIR, else /tmp. TMPDIR (else /tmp) also holds --quiet's output"
            + " beyond 4 MiB.")
        entry(["XDG_STATE_HOME", "HOME"], "Remembered durations live in $XDG_STATE_HOME/loadwrap"
            + " (default ~/.local/state/loadwrap).")
        entry(TerminalFeatures.variables, "Which terminal emulator this is, for --term-progress auto (OSC 9;4"
            + " only where the terminal is known to show it) and for the kind of --notify notification.")
        for name in ProcessEnvironment.names {
            entry([name], "Read by loadwrap.")
        }
        return lines
    }
}
