import LoadWrapCore
import LoadWrapProcess
import LoadWrapRuns

/// Overlay mode's part in an attempt's stage: the spinner drawn on the terminal, with `--tail`'s
/// window, the terminal's indicator and `--notify`. Forced where stderr is no terminal, the
/// overlay writes lines instead: plain mode's presenter with the overlay's defaults (no heartbeat,
/// no log group, the end line only where the overlay would show it).
struct OverlaySetup: ModeSetup {
    /// The run's context.
    let context: RunContext
    /// The attempt's title.
    let title: String
    /// When the attempt started.
    let startMS: Int

    /// The setup of the attempt titled `title`, started at `startMS`.
    init(_ context: RunContext, title: String, startMS: Int) {
        (self.context, self.title, self.startMS) = (context, title, startMS)
    }

    /// No lines of its own that follow the log's.
    var needsLogLines: Bool { false }

    func presenter(plumbing: Plumbing, topology: Topology, sharedPipe: SharedPipe?) -> any Presenter {
        guard let terminal = context.terminal else {
            return PlainPresenter.make(context, text: text(tails: false), startMS: startMS, group: nil, heartbeatMS: nil)
        }
        let options = context.options
        let screen = OverlayPresenter.Screen(terminal: terminal, modes: plumbing.modeWatch(on: terminal, topology: topology),
                                             sharedPipe: sharedPipe, destination: terminal.fd)
        let features = TerminalFeatures.detect(context.environment, request: options.termProgress)
        let notice = options.notifyAfterMS.map { OverlayPresenter.Notice(afterMS: $0, kind: features.notification) }
        let presenter = OverlayPresenter(painter: painter(on: terminal, topology: topology, indicator: features.progress),
                                         screen: screen, text: text(tails: context.pick.meaning.tailLines != nil),
                                         held: context.held, notice: notice, clock: context.clock)
        presenter.usual = context.history?.lookup(fromMS: startMS + options.delayMS)
        presenter.turn = context.pick.lock?.turn.map(TurnKeeper.init)
        return presenter
    }

    /// The painter of the spinner line on `terminal`, with `--tail`'s window under it; `indicator`
    /// says whether the terminal's progress indicator is sent.
    private func painter(on terminal: TerminalDevice, topology: Topology, indicator: Bool) -> Painter {
        let options = context.options
        let style = SpinnerStyle.fallback(for: options.resolvedSpinner(localeIsUTF8: context.utf8), utf8: context.utf8)
        let overlay = Overlay(look: Overlay.Look(style: style, color: context.color, utf8: context.utf8),
                              title: title, startMS: startMS, delayMS: options.delayMS,
                              columns: Int(terminal.size?.columns ?? 80))
        let rows = Int(terminal.size?.rows ?? 24)
        let tail = context.pick.meaning.tailLines.map { Tail(capacity: $0, screenRows: rows) }
        return Painter(overlay: overlay, indicator: indicator, besideUnfinishedLines: topology.keysThroughLoadwrap, tail: tail,
                       screenRows: rows)
    }

    /// The texts of loadwrap's own lines. A window that vanished on success (`tails`) explains a
    /// failure with the end line (the replay above it), and a failure written to a log says where
    /// the log is: both show the end line of a failure by default; else the spinner says enough.
    private func text(tails: Bool) -> ReportText {
        context.reportText(title: title, color: context.color,
                           result: tails || context.options.logPath != nil ? .failure : .never)
    }
}
