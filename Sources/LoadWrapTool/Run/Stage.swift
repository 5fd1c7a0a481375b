import LoadWrapCore
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a run is set up with before the command starts: where the command lives (the topology),
/// what passes through loadwrap (the plumbing), and who writes to stderr (the presenter of the mode).
/// The only place that looks at the mode to choose them.
struct Stage {
    let topology: Topology
    let plumbing: Plumbing
    let presenter: any Presenter
    /// The terminal the overlay draws on, or nil.
    let terminal: TerminalDevice?

    /// What every attempt of a run shares (`--retry`): the held output, replayed in full when the
    /// last attempt fails too, the `--log` file, which keeps every attempt's output, and the run's
    /// start, which `--timestamps` counts from.
    final class Shared {
        var held: HeldOutput?
        var log: OutputLog?
        let startMS: Int

        init(startMS: Int) {
            self.startMS = startMS
        }
    }

    /// Decides the topology from the terminal and loadwrap's stdout, opens the plumbing, and makes
    /// the presenter of `attempt`.
    init(_ session: Session, attempt: Attempt, shared: Shared, startMS: Int) throws(SpawnError) {
        let options = session.options
        // Beside a loadwrap that draws on the same terminal, the command's terminal output passes
        // through loadwrap as a guest's does, to be written in the terminal's turn.
        let beside = session.besideTurn.flatMap { turn in session.upstream.map { BesideWriter(turn: turn, upstream: $0) } }
        let terminal = session.mode == .overlay || beside != nil ? TerminalDevice(fd: 2) : nil
        // Shared when stdout is a pipe: its reader may print on the terminal or read its keys. A pipe
        // into stdin is not enough: `seq 100 | loadwrap -- less` needs the keys through loadwrap,
        // as less reads them from its stderr, the pseudo-terminal (see README, known limits).
        let sharedPipe = terminal == nil || beside != nil ? nil : SharedPipe(fd: 1)
        let isShared = sharedPipe != nil || beside != nil
        let keys = terminal != nil && !isShared ? terminal?.keyboard() : nil
        topology = Topology.decide(overlayOnTerminal: terminal != nil, shared: isShared,
                                   keyboard: keys != nil, controllingTerminal: TerminalDevice.controllingTerminalExists())
        let heartbeat = session.mode == .plain && options.heartbeatMS > 0
        let stamps = session.mode == .plain && options.timestamps != nil
        let group = session.mode == .plain && options.groups
            ? CIService.detect(session.environment)?.group(name: Self.groupName(attempt)) : nil
        // A log group's end marker works only at a line start, so loadwrap must see where the
        // log's lines end even with `--heartbeat 0`.
        // Opened before anything else, so a log that cannot be written stops the run before it starts.
        if shared.log == nil, let path = options.logPath { shared.log = try OutputLog(path: path) }
        let needs = Plumbing.Needs(
            terminal: terminal,
            logPipe: options.quiet || options.logPath != nil || options.watchesOutput || heartbeat || stamps || group != nil,
            stdoutPipe: (topology == .guest && beside == nil) || options.watchesOutput, processesOutput: beside != nil)
        plumbing = try Plumbing(needs, topology: topology, keys: topology.keysThroughLoadwrap ? keys : nil)
        self.terminal = terminal
        presenter = Self.presenter(session, title: attempt.title(options.resolvedTitle), shared: shared, terminal: terminal,
                                   sharedPipe: topology == .guest ? sharedPipe : nil, plumbing: plumbing,
                                   topology: topology, group: group, startMS: startMS, beside: beside)
        plumbing.connect(to: presenter, guest: topology == .guest && beside == nil, outputLog: shared.log)
    }

    /// A log group's name, unique in the log: the first attempt's is the run's.
    private static func groupName(_ attempt: Attempt) -> String {
        attempt.number == 1 ? "loadwrap_\(getpid())" : "loadwrap_\(getpid())_\(attempt.number)"
    }

    /// The presenter of the mode: overlay needs a terminal; without one a forced overlay writes lines.
    private static func presenter(
        _ session: Session, title: String, shared: Shared, terminal: TerminalDevice?, sharedPipe: SharedPipe?,
        plumbing: Plumbing, topology: Topology, group: LogGroup?, startMS: Int, beside: BesideWriter?
    ) -> any Presenter {
        let options = session.options
        // `--tail` holds only where it draws its window: plain mode's log is the record, and a nested
        // (silent) loadwrap leaves the window to the one that draws.
        let tailLines = session.mode == .overlay && terminal != nil ? options.tailLines : nil
        if shared.held == nil && (options.quiet || tailLines != nil) {
            shared.held = HeldOutput(directory: HeldOutput.temporaryDirectory(session.environment["TMPDIR"]))
        }
        let held = shared.held
        // A window that vanished on success explains a failure with the end line (the replay above
        // it), and a failure written to a log says where the log is: both end lines by default.
        let overlayResult: ResultRequest = tailLines != nil || options.logPath != nil ? .failure : .never
        let text = ReportText(
            lines: ReportLines(utf8: session.utf8, color: session.color && session.mode == .overlay),
            result: options.result ?? (session.mode == .plain ? .always : overlayResult),
            title: title, successText: options.successText, failureText: options.failureText,
            logPath: options.logPath.map(Sanitizer.sanitize), showsRetries: options.result != .never)
        if session.mode == .silent { return SilentPresenter(held: held, beside: beside) }
        if session.mode == .overlay, let terminal {
            let style = SpinnerStyle.fallback(for: options.resolvedSpinner(localeIsUTF8: session.utf8), utf8: session.utf8)
            let overlay = Overlay(look: Overlay.Look(style: style, color: session.color, utf8: session.utf8),
                                  title: title, startMS: startMS, delayMS: options.delayMS,
                                  columns: Int(terminal.size?.columns ?? 80))
            let features = TerminalFeatures.detect(session.environment, request: options.termProgress)
            let notice = options.notifyAfterMS.map { OverlayPresenter.Notice(afterMS: $0, kind: features.notification) }
            let tail = tailLines.map { Tail(capacity: $0, screenRows: Int(terminal.size?.rows ?? 24)) }
            let painter = Painter(overlay: overlay, indicator: features.progress,
                                  besideUnfinishedLines: topology.keysThroughLoadwrap, tail: tail)
            let screen = OverlayPresenter.Screen(terminal: terminal, modes: plumbing.modeWatch(on: terminal, topology: topology),
                                                 sharedPipe: sharedPipe, destination: terminal.fd)
            let presenter = OverlayPresenter(painter: painter, screen: screen, text: text, held: held, notice: notice,
                                             clock: session.clock)
            presenter.usual = session.history?.lookup(fromMS: startMS + options.delayMS)
            presenter.turn = session.lock?.turn.map(TurnKeeper.init)
            return presenter
        }
        let heartbeatMS = session.mode == .plain && options.heartbeatMS > 0 ? options.heartbeatMS : nil
        let ci = PlainPresenter.CI(service: CIService.detect(session.environment), annotates: options.annotate,
                                   jobSummary: options.summary ? JobSummary(environment: session.environment) : nil, group: group)
        let timing = PlainPresenter.Timing(startMS: startMS, runStartMS: shared.startMS, heartbeatMS: heartbeatMS,
                                           stamper: options.timestamps.map(LineStamper.init))
        return PlainPresenter(text: text, ci: ci, timing: timing, held: held, clock: session.clock)
    }
}
