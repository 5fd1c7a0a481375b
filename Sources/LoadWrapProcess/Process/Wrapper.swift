import CLoadWrap
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a command: spawn it where the topology says, relay its output through the event loop,
/// forward signals, follow job control, enforce `--timeout`, and report how it ended. Its life is
/// `start` (the spawn), `wait` (until it ended, with one `CommandResult`), `releaseKeyboard`.
/// What the control channel says, and what an early stop shows, are the run controller's
/// business, not this loop's.
package final class Wrapper {
    /// What to run and where.
    package struct Configuration {
        /// The command and its arguments.
        var command: [String]
        /// Where the command lives relative to loadwrap and the terminal.
        var topology: Topology
        /// `--timeout` and `--kill-after` in milliseconds, or nil.
        var timeout: (limitMS: Int, killAfterMS: Int)?
        /// Variables added to the command's environment (the control channel's path).
        var environment: [String: String] = [:]
        /// Variables of loadwrap's own environment the command does not get (the runner's note to
        /// its inners, which no command must inherit).
        var removedEnvironment: [String] = []
        /// A signal a process sends loadwrap is sent to the process group loadwrap shares with
        /// the command, which so has it already: loadwrap is an inner of several commands whose
        /// runner leads that group (the caller reads it from the runner's note).
        var groupSignaled = false

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(
            command: [String], topology: Topology, timeout: (limitMS: Int, killAfterMS: Int)? = nil,
            environment: [String: String] = [:], removedEnvironment: [String] = [], groupSignaled: Bool = false
        ) {
            self.command = command
            self.topology = topology
            self.timeout = timeout
            self.environment = environment
            self.removedEnvironment = removedEnvironment
            self.groupSignaled = groupSignaled
        }
    }

    /// What the command runs among: the pipes and pseudo-terminal between it and loadwrap, who
    /// hears what happens, the terminal the overlay draws on, the caught signals, the clock, and
    /// the kernel's traits (Darwin's in the tests of its POSIX paths).
    package struct Surroundings {
        var plumbing: Plumbing
        var events: any LoopEvents
        var terminal: TerminalDevice?
        var signals: Signals
        var clock: any TimeSource
        var traits: Platform.Traits

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(
            plumbing: Plumbing, events: any LoopEvents, terminal: TerminalDevice? = nil, signals: Wrapper.Signals,
            clock: any TimeSource, traits: Platform.Traits
        ) {
            self.plumbing = plumbing
            self.events = events
            self.terminal = terminal
            self.signals = signals
            self.clock = clock
            self.traits = traits
        }
    }

    /// Where the command lives.
    let topology: Topology
    /// The command's pid.
    let child: pid_t
    /// How the command ended, once it has.
    var end: ChildEnd?
    /// `--timeout`'s state, or nil.
    var timeout: Timeout?
    /// Signals delivered to loadwrap, as bytes on a pipe.
    let signals: SignalPipe
    /// The pipes and pseudo-terminal between the command and loadwrap.
    let plumbing: Plumbing
    /// The run, told what happens.
    let events: any LoopEvents
    /// The terminal the overlay draws on, whose size the command's pseudo-terminal copies.
    let terminal: TerminalDevice?
    /// A signal a process sent loadwrap reached the command too (`Configuration.groupSignaled`).
    let groupSignaled: Bool
    /// True once loadwrap was asked to stop (see `CommandResult.toldToStop`).
    var toldToStop = false
    /// True from Ctrl-Z until loadwrap runs again, so a resume happens once.
    var suspended = false
    /// Where time comes from.
    let clock: any TimeSource
    /// What the kernel does differently (a subreaper, what closing a pseudo-terminal keeps).
    let traits: Platform.Traits
    /// The session's own sources (the control channel), served after signals, keys and output.
    private let extraSources: [any EventSource]
    /// Every source, in the order served; made at the first wait.
    private lazy var loop: EventLoop = {
        let signalSource = ReadableSource(fd: signals.readFD) { [unowned self] in signals.drain().forEach(handle) }
        let keys: [any EventSource] = plumbing.keyboard.map { [$0] } ?? []
        return EventLoop(sources: [signalSource] + keys + plumbing.sources + extraSources)
    }()

    /// Starts the command; throws when it cannot be started (nothing has been drawn then).
    /// `sources` are the session's own (the control channel), served after signals, keys and the
    /// command's output: output written before a message (`printf part; loadwrap say next`) is
    /// relayed before the message is acted on, when both wait in the same turn. They are made
    /// once the command runs: the first array of sources builds its type's metadata, ~8 k
    /// instructions the command's start does not need (callgrind).
    package static func start(_ configuration: Configuration, in surroundings: Surroundings, startMS: Int,
                      sources: @autoclosure () -> [any EventSource]) throws(SpawnError) -> Wrapper {
        let timeout = configuration.timeout.map { Timeout(limitMS: $0.limitMS, killAfterMS: $0.killAfterMS, startMS: startMS) }
        if timeout != nil { Platform.becomeSubreaper() }  // orphaned grandchildren stay below loadwrap, where a timeout finds them
        let setup = Spawner.Setup(
            redirections: surroundings.plumbing.redirections, group: group(for: configuration.topology),
            forkForTerminal: !surroundings.traits.spawnAcquiresTerminal,
            environment: Spawner.EnvironmentChange(added: configuration.environment, removed: configuration.removedEnvironment),
            defaultSignals: surroundings.signals.defaultInCommand, signalMask: surroundings.signals.pipe.originalMask)
        let child = try Spawner.spawn(configuration.command, setup)
        return Wrapper(child: child, configuration, timeout: timeout, in: surroundings, sources: sources())
    }

    private init(child: pid_t, _ configuration: Configuration, timeout: Timeout?, in surroundings: Surroundings,
                 sources: [any EventSource]) {
        (self.child, topology, self.timeout, extraSources) = (child, configuration.topology, timeout, sources)
        groupSignaled = configuration.groupSignaled
        (plumbing, events, terminal, signals, clock) = (surroundings.plumbing, surroundings.events, surroundings.terminal,
                                                        surroundings.signals.pipe, surroundings.clock)
        traits = surroundings.traits
        plumbing.commandStarted(traits: traits)
        plumbing.keyboard?.takeIfForeground()
        plumbing.keyboard?.onSuspendKey = { [unowned self] in suspendTogether() }
        plumbing.keyboard?.onStopKey = { [unowned self] in toldToStop = true }
    }

    /// Relays until the command ends (and, after a timeout, until what it started is gone), then
    /// what is left; returns how it ended. The keyboard stays taken until `releaseKeyboard`.
    /// Throws when `poll` failed for good and loadwrap had to end the command itself.
    package func wait() throws(SpawnError) -> CommandResult {
        while true {
            if let end, !timeoutLeavesSurvivors() {
                plumbing.drain()
                return result(end)
            }
            do {
                try loop.turn(untilMS: nextDeadlineMS, clock: clock)
            } catch {
                return result(try endAfterLosingWatch(error))
            }
            events.turnEnded()
            plumbing.keyboard?.takeIfForeground()
            events.tick()
            enforceTimeout()
        }
    }

    /// The run's one result, once the command ended as `end`.
    private func result(_ end: ChildEnd) -> CommandResult {
        CommandResult(end: end, expiredTimeout: timeout?.expired == true ? timeout : nil, toldToStop: toldToStop)
    }

    /// Gives the real terminal its own modes back. Held output is replayed before this: when keys
    /// pass through, the command's pseudo-terminal has already turned each newline into CR LF, and
    /// the real terminal's output processing, back on, would do it again (CR CR LF).
    package func releaseKeyboard() {
        plumbing.keyboard?.release()
    }

    /// The nearest of the run's next frame or heartbeat and the timeout's next step, and,
    /// after a timeout without a subreaper, the next look for survivors no SIGCHLD announces.
    private var nextDeadlineMS: Int? {
        let survivorCheck = timeout?.expired == true && end != nil && !traits.hasSubreaper
            ? clock.nowMS() + Self.survivorCheckMS : nil
        return Self.earlier(Self.earlier(events.deadlineMS, timeout?.nextDeadlineMS), survivorCheck)
    }

    /// The earlier of two deadlines, either of which may be missing. Not an array's `min()`: this
    /// runs at every turn of the loop, each frame of an idle run, and the array was allocated
    /// and freed each time.
    private static func earlier(_ a: Int?, _ b: Int?) -> Int? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// The signals loadwrap catches while the command runs.
    static let handledSignals = [SIGCHLD, SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGTSTP, SIGWINCH, SIGCONT]

    /// Where the spawn puts the command.
    private static func group(for topology: Topology) -> Spawner.Group {
        switch topology {
        case .ownTerminal: return .newSession
        case .ownGroup: return .newGroup
        case .guest, .sharedGroup: return .loadwrapsGroup
        }
    }
}

extension Wrapper {
    /// The signals loadwrap catches, caught once for every attempt of the command: catching them
    /// again would take loadwrap's own dispositions and mask for those the command started with.
    package struct Signals {
        /// Deliveries, as bytes on a pipe.
        package let pipe: SignalPipe
        /// The signals the command gets back at their default action, as it would run bare.
        let defaultInCommand: [Int32]

        /// Catches `Wrapper.handledSignals`, and ignores SIGPIPE: a vanished terminal must not
        /// kill loadwrap before the command ends.
        package init(traits: Platform.Traits) throws(SpawnError) {
            pipe = try SignalPipe(catching: Wrapper.handledSignals, traits: traits)
            let ignoredPipe = lw_signal_is_ignored(SIGPIPE) != 0
            signal(SIGPIPE, SIG_IGN)
            defaultInCommand = pipe.caught + (ignoredPipe ? [] : [SIGPIPE])
        }
    }
}

/// A descriptor watched for reading, handled by a closure: the signal pipe, the control channel.
package final class ReadableSource: EventSource {
    private let fd: Int32
    private let body: () -> Void

    package init(fd: Int32, _ body: @escaping () -> Void) {
        self.fd = fd
        self.body = body
    }

    package func interests(into list: inout [PollInterest]) { list.append(.readable(fd)) }

    package func handle(_ fd: Int32, revents: Int16) { body() }
}
