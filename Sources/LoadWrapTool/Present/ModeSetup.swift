import LoadWrapCore
import LoadWrapProcess
import LoadWrapRuns

/// One mode's part in an attempt's stage, made from the run's context by that mode's own code:
/// what it needs passed through loadwrap, and its presenter.
protocol ModeSetup {
    /// Whether the command's log-bound output must pass through loadwrap for lines of the mode's
    /// own: a heartbeat, a stamp, a log group's end.
    var needsLogLines: Bool { get }
    /// The attempt's presenter, on `plumbing` arranged for `topology`; `sharedPipe` is the pipe
    /// loadwrap's stdout leads into when its reader shares the terminal with a guest.
    func presenter(plumbing: Plumbing, topology: Topology, sharedPipe: SharedPipe?) -> any Presenter
}

extension RunContext {
    /// The setup of `attempt`, started at `startMS`, by the code of the run's mode: once the mode
    /// is picked, the one place that looks at it.
    func setup(for attempt: Attempt, startMS: Int) -> any ModeSetup {
        let title = attempt.title(options.resolvedTitle)
        switch mode {
        case .overlay: return OverlaySetup(self, title: title, startMS: startMS)
        case .plain: return PlainSetup(self, attempt: attempt, startMS: startMS)
        case .silent: return SilentSetup(context: self)
        }
    }

    /// The texts of loadwrap's own lines about `title`, in colour when `color`; `result` says
    /// when the end line shows unless `--result` does.
    func reportText(title: String, color: Bool, result: ResultRequest) -> ReportText {
        var text = ReportText(
            lines: ReportLines(utf8: utf8, color: color), result: options.result ?? result,
            title: title, endTexts: ReportText.EndTexts(success: options.successText, failure: options.failureText),
            logPath: options.logPath.map(Sanitizer.sanitize), showsRetries: options.result != .never)
        text.usual = usual
        return text
    }
}
