import LoadWrapCore
import LoadWrapJobs
import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
import LoadWrapTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One run of `loadwrap [options] -- command`, set up: the mode picked once and the terminal's
/// lock taken, the run's context built, each attempt's stage and run controller made, and loadwrap
/// ended as the command ended. What happens during the run is the controller's business; what
/// each mode shows, its presenter's.
struct Session {
    /// What the command line asked for.
    let options: Options
    /// The variables loadwrap reads (`ProcessEnvironment.names`).
    let environment: [String: String]
    /// Where elapsed times come from.
    let clock: any TimeSource
    /// The channel for this run's command's `say`/`done` and runs nested in it; a channel of its
    /// own even when nested, so they act on this run.
    let control: ControlChannel?
    /// The mode, with the terminal's lock or the loadwrap to report to.
    let pick: ModePick

    /// What every attempt shares, made before the first.
    private struct Prepared {
        /// The attempts, with how standard input is given to a retry.
        let attempts: AttemptRunner
        /// The signals loadwrap catches for the whole run.
        let signals: Wrapper.Signals
        /// What every part of the run shares.
        let context: RunContext
    }

    /// Picks the mode from the options and the environment, taking the terminal's lock to draw.
    init(_ options: Options, environment: [String: String], clock: any TimeSource = MonotonicClock()) {
        self.options = options
        self.environment = environment
        self.clock = clock
        control = ControlChannel(environment: environment)
        pick = ModePick(options, environment: environment, channel: control)
    }

    /// Runs the command, again after a failure while `--retry` allows, and ends loadwrap as the
    /// last attempt ended.
    func run() -> Never {
        let prepared: Prepared
        do {
            prepared = try prepare()
        } catch {
            StandardStreams.err(error.message + "\n")  // no presenter yet to say it
            end(exitingWith: error.exitCode)
        }
        do {
            end(try prepared.attempts.run { attempt, startMS throws(SpawnError) in
                try start(attempt, prepared, startMS: startMS)
            }, context: prepared.context)
        } catch {
            end(exitingWith: error.exitCode)
        }
    }

    /// What every attempt shares, made before the first: the caught signals, how standard input
    /// is given to a retry (refused when it cannot be), then the run's context.
    private func prepare() throws(SpawnError) -> Prepared {
        var input = InputReplay.asIs
        if options.retries > 0 {
            guard let replay = InputReplay.of(0) else { throw .unreplayableInput }
            input = replay
        }
        let signals = try Wrapper.Signals(traits: Platform.traits)
        let policy = AttemptRunner.Policy(total: options.retries + 1, firstDelayMS: options.retryDelayMS,
                                          afterTimeout: options.retriesAfterTimeout)
        let context = try RunContext(options, pick: pick, environment: environment, clock: clock, blocks: blocks())
        return Prepared(attempts: AttemptRunner(policy: policy, signals: signals.pipe, input: input, clock: clock),
                        signals: signals, context: context)
    }

    /// In plain mode, the blocks runs nested side by side leave for this run, with the turn that
    /// keeps their output apart (made as the first of them starts); nil otherwise.
    private func blocks() -> SiblingBlocks? {
        guard pick.mode == .plain, pick.upstream == nil, let control else { return nil }
        return SiblingBlocks(directory: control.directory)
    }

    /// Ends loadwrap as the run's last attempt ended, leaving nothing behind. The channel's
    /// directory goes after the end lines: blocks of runs nested side by side wait in it.
    /// The loadwrap above hears how it ended and how long it usually takes (its record in that
    /// one's run tree), and the `--trace` and `--timings` files get the run tree, this run's end
    /// included.
    private func end(_ last: LastAttempt, context: RunContext) -> Never {
        let usualMS = context.usual.ms(elapsedMS: last.rememberedMS)
        pick.upstream?.leave(status: last.exitEnd, usualMS: usualMS)
        last.finish(usualMS: usualMS)
        if context.files.wanted {
            // The last attempt's tree is finished already (`RunController.finished`), each earlier
            // one when it was retried.
            let trees = (last.earlier + [last.controller.runTree]).map { attempt in
                var tree = attempt
                tree.setOwnCommand(options.commandLine)
                return tree
            }
            context.files.write(context.files.records(trees, title: options.resolvedTitle), endMS: clock.nowMS(),
                                wallNowNS: WallClock.nowNS(), recording: context.recording)
        }
        control?.remove()
        pick.lock?.release()
        context.history?.remember(elapsedMS: last.rememberedMS, succeeded: last.succeeded)
        last.exit()
    }

    /// Ends loadwrap before a command ran to its end, leaving nothing behind.
    private func end(exitingWith status: Int32) -> Never {
        leave()
        pick.lock?.release()
        exit(status)
    }

    /// Removes this run's channel and leaves the spinner of the loadwrap it reports to; the
    /// terminal's lock goes last, once nothing more is drawn. Nothing of the run outlives it.
    private func leave() {
        control?.remove()
        pick.upstream?.leave()
    }

    /// Sets up the stage and the run controller of `attempt`, and starts the command; on failure
    /// the presenter has said why.
    private func start(_ attempt: Attempt, _ prepared: Prepared, startMS: Int) throws(SpawnError)
        -> AttemptRunner.Started {
        let context = prepared.context
        let stage: Stage
        do {
            stage = try Stage(context, attempt: attempt, startMS: startMS)
        } catch {
            // No presenter yet to say it; what earlier attempts held is a failed run's output.
            context.held?.replayLines(to: 2)
            StandardStreams.err(error.message + "\n")
            throw error
        }
        let title = attempt.title(options.resolvedTitle)
        let controller = RunController(
            presenter: stage.presenter,
            control: ControlHandler(title: title, upstream: pick.upstream, utf8: context.utf8, nowMS: startMS,
                                    keepsEnded: context.keepsRuns),
            watches: .init(until: options.until, progress: options.progressFrom), clock: clock, startMS: startMS)
        controller.started()
        if attempt.number == 1 {
            pick.upstream?.announce(title, held: context.siblingBlock?.isHeld == true, command: options.commandLine)
            context.siblingBlock?.connectHandover()
        }
        do {
            let wrapper = try spawn(stage, controller: controller, signals: prepared.signals, startMS: startMS,
                                    sources: context.sources,
                                    extraEnvironment: addedEnvironment(attempt, stage, context))
            controller.watch(stage.plumbing)
            if let control { Leftovers.sweep(control.parent, keeping: control.directory) }
            return (wrapper, controller)
        } catch {
            controller.failedToStart(error.message)
            throw error
        }
    }

    /// The command to spawn: the options' own; for several `-c`, the runner with the plan that
    /// says what the run means for them and where their terminals are, once `plumbing` opened them.
    private func command(on plumbing: Plumbing) -> [String] {
        options.commands.count > 1 ? options.runnerCommand(pick.meaning, channel: plumbing.sideChannelFD) : options.command
    }

    /// What the command's environment gets besides this run's channel: the OTLP trace's span
    /// (`trace`) and, when this run hosts the blocks of runs nested side by side, its stderr named
    /// as the attempt's log (`SiblingBlocks.logVariable`); nothing more to merge otherwise.
    private func addedEnvironment(_ attempt: Attempt, _ stage: Stage, _ context: RunContext) -> [String: String] {
        var added = trace(attempt, context)
        if context.blocks != nil, let control {
            let log = SiblingBlocks.logEntry(stage.plumbing.commandDescriptor(for: 2), channelPath: control.path)
            added.merge(log) { own, _ in own }
        }
        return added
    }

    /// What the command's environment gets of the OTLP trace being recorded: the span it runs
    /// under, this run's or, when the files show each `--retry` attempt as a step, the attempt's.
    private func trace(_ attempt: Attempt, _ context: RunContext) -> [String: String] {
        context.recording?.environment(attempt: context.files.attempts == nil ? nil : attempt.number) ?? [:]
    }

    /// Starts the command on `stage`, told to `controller`, with this run's channel in its
    /// environment and among the event loop's sources, with `extra` (the log's handover between
    /// runs nested side by side and the one they report to) among them and `extraEnvironment`
    /// (`addedEnvironment`) in its environment.
    private func spawn(_ stage: Stage, controller: RunController, signals: Wrapper.Signals, startMS: Int,
                       sources extra: @autoclosure () -> [any EventSource],
                       extraEnvironment: [String: String]) throws(SpawnError) -> Wrapper {
        let configuration = Wrapper.Configuration(
            command: command(on: stage.plumbing), topology: stage.topology,
            timeout: options.timeoutMS.map { ($0, options.killAfterMS) },
            environment: (control.map { [ControlChannel.variable: $0.path] } ?? [:]).merging(extraEnvironment) { own, _ in own },
            removedEnvironment: [JobSignals.groupVariable], groupSignaled: JobSignals.groupSignaled)
        let surroundings = Wrapper.Surroundings(plumbing: stage.plumbing, events: controller, terminal: pick.terminal,
                                                signals: signals, clock: clock, traits: Platform.traits)
        return try Wrapper.start(configuration, in: surroundings, startMS: startMS,
                                 sources: (control.map { channel in
                                     [ReadableSource(fd: channel.readFD) { channel.drain().forEach(controller.handle) }]
                                 } ?? []) + extra())
    }
}
