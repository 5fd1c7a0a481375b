import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A run's mode, picked once at its start, with what came of picking it: the terminal's lock when
/// this loadwrap draws the one spinner there, else the loadwrap it reports to, and the terminal
/// the run writes on itself; and what the options mean in that mode (`RunMeaning`). The one place
/// that decides the mode, and what `--color`, `--quiet`, `--tail` and `--no-prefix` mean for the
/// run; after it, only each mode's own setup (`ModeSetup`) looks at the mode.
struct ModePick {
    /// Overlay, plain or silent.
    let mode: Mode
    /// The terminal's lock, while this loadwrap draws the one spinner on it.
    let lock: TerminalLock?
    /// The loadwrap that draws the one spinner when this one does not (nested, or beside it in a
    /// pipeline); this one reports to it.
    let upstream: Upstream?
    /// Beside a loadwrap that draws on the same terminal (a pipeline, `&`): its turn, taken to
    /// relay this run's terminal output so that none of it lands on the line drawn there.
    let besideTurn: TerminalTurn?
    /// The terminal (stderr) whose output passes through loadwrap: the one the overlay draws on,
    /// or the one shared beside a loadwrap that draws there; nil otherwise.
    let terminal: TerminalDevice?
    /// What the options mean for this run in this mode.
    let meaning: RunMeaning

    /// Picks the mode from `--mode`, stderr and the environment, then what `options` mean in it.
    /// One spinner per terminal: under another loadwrap, or beside one on the same terminal, this
    /// one stays silent.
    init(_ options: Options, environment: [String: String], channel: ControlChannel?) {
        let picked = Self.pick(options.mode, environment: environment, channel: channel)
        (mode, lock, upstream, besideTurn, terminal) = (picked.mode, picked.lock, picked.upstream, picked.besideTurn, picked.terminal)
        meaning = RunMeaning(options, draws: Self.draws(mode, on: terminal), environment: environment)
    }

    /// What picking the mode gives, before the options' meaning.
    private struct Picked {
        var mode: Mode
        var lock: TerminalLock? = nil
        var upstream: Upstream? = nil
        var besideTurn: TerminalTurn? = nil
        var terminal: TerminalDevice? = nil
    }

    /// Picks the mode alone.
    private static func pick(_ request: ModeRequest, environment: [String: String], channel: ControlChannel?) -> Picked {
        let chosen = ModeChoice.choose(request: request, stderrIsTerminal: isatty(2) == 1, environment: environment)
        if let outer = ControlClient(environment: environment) {
            let channel = environment[ControlChannel.variable]
            let host = channel.flatMap { SiblingBlocks.hostsBlocks(environment, channelPath: $0) ? $0 : nil }
            return Picked(mode: .silent, upstream: Upstream(client: outer, relation: .nested, hostChannel: host))
        } else if chosen == .overlay, let terminal = TerminalDevice(fd: 2) {
            return claim(terminal, environment: environment, channel: channel)
        }
        return Picked(mode: chosen)
    }

    /// The overlay on `terminal` if this loadwrap gets the terminal's lock; else silent, reporting
    /// to the one that has it: a loadwrap left of it in a pipeline (stdout a pipe, stdin not) shows
    /// before it, one right of it (stdin a pipe) after it, and one in a pipeline with neither (a
    /// shell's `&` beside it) as a row of its own.
    private static func claim(_ terminal: TerminalDevice, environment: [String: String], channel: ControlChannel?)
        -> Picked {
        switch TerminalLock.acquire(
            terminal: terminal.fd, directories: ControlChannel.candidates(environment), channelPath: channel?.path) {
        case .drawing(let lock):
            return Picked(mode: .overlay, lock: lock, terminal: terminal)
        case .taken(let path, let turn):
            let (output, input) = (SharedPipe(fd: 1) != nil, SharedPipe(fd: 0) != nil)
            let relation: Upstream.Relation = output || input ? .beside(before: output && !input) : .peer
            let upstream = path.flatMap(ControlClient.init(path:)).map { Upstream(client: $0, relation: relation) }
            guard let upstream else { return Picked(mode: .silent) }
            return Picked(mode: .silent, upstream: upstream, besideTurn: turn, terminal: terminal)
        }
    }

    /// Whether this loadwrap draws the overlay on the terminal; not an overlay forced where
    /// stderr is no terminal. The lock cannot tell: one that could not be made draws without it.
    var draws: Bool { Self.draws(mode, on: terminal) }

    private static func draws(_ mode: Mode, on terminal: TerminalDevice?) -> Bool { mode == .overlay && terminal != nil }

    /// Whether this run's terminal output is written beside a loadwrap that draws on the terminal.
    var isBeside: Bool { besideTurn != nil }

    /// A writer for one attempt's output beside the loadwrap that draws, in the terminal's turn, or
    /// nil when there is none; a fresh one per attempt, which follows that attempt's output.
    func besideWriter() -> BesideWriter? {
        besideTurn.flatMap { turn in upstream.map { BesideWriter(turn: turn, upstream: $0) } }
    }
}
