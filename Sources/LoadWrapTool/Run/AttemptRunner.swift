import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The attempts of one run (`--retry`): starts each, decides from how it ended whether another
/// follows, waits the delay between them, and hands back the last one, whose end is the run's.
/// Session sets up what an attempt needs; whether and when there is another is decided here.
struct AttemptRunner {
    /// What `--retry`, `--retry-delay` and `--no-retry-after-timeout` asked for.
    struct Policy {
        /// 1 + `--retry`.
        var total: Int
        /// The wait before the second attempt, doubled before each one after it.
        var firstDelayMS: Int
        /// Whether an attempt that ran out of `--timeout` is run again.
        var afterTimeout: Bool
    }

    /// An attempt, started: the command runs under `wrapper`, `controller` owns its policy.
    typealias Started = (wrapper: Wrapper, controller: RunController)

    let policy: Policy
    /// The signals loadwrap catches for the whole run: a stop during a delay ends it.
    let signals: SignalPipe
    /// How standard input is given to each attempt after the first.
    let input: InputReplay
    let clock: any TimeSource

    /// Runs attempts, each made by `start` at the time it is given, until one is the last: it
    /// succeeded, it may not be retried, no attempt is left, or a stop came during the delay.
    func run(start: (Attempt, _ startMS: Int) throws(SpawnError) -> Started) throws(SpawnError) -> LastAttempt {
        var attempt = Attempt(number: 1, total: policy.total)
        var earlier: [RunTree] = []
        while true {
            let startMS = clock.nowMS()
            let (wrapper, controller) = try start(attempt, startMS)
            let result: CommandResult
            do {
                result = try wrapper.wait()
            } catch {
                controller.cannotGoOn(error.message)
                wrapper.releaseKeyboard()
                throw error
            }
            var last = LastAttempt(wrapper: wrapper, controller: controller, result: result,
                                   outcome: controller.outcome(result.end, timeout: result.expiredTimeout),
                                   elapsedMS: clock.nowMS() - startMS)
            last.earlier = earlier
            guard let next = attempt.next, retries(last) else { return last }
            earlier.append(last.finishedTree(status: last.exitEnd, nowMS: startMS + last.elapsedMS))
            if let signo = wait(after: attempt, last) { return last.stopped(by: signo) }
            input.prepare(0)
            attempt = next
        }
    }

    /// Whether the attempt that ended as `last` is run again.
    private func retries(_ last: LastAttempt) -> Bool {
        Attempt.retries(last.outcome, end: last.result.end, timedOut: last.result.timedOut,
                        toldToStop: last.result.toldToStop, afterTimeout: policy.afterTimeout)
    }

    /// Gives the terminal back, ends the display of `attempt` with a note of what comes next, and
    /// waits; returns the signal that stopped the wait, or nil. The terminal's own modes come
    /// first: a Ctrl-C typed once the note shows must reach loadwrap as SIGINT, not sit unread as
    /// a byte in raw mode's input. Such a key came with its echo (`^C`) where the cursor was: the
    /// presenter hears of it, as during a run, so what it writes next starts below.
    private func wait(after attempt: Attempt, _ last: LastAttempt) -> Int32? {
        let delayMS = attempt.delayMS(firstMS: policy.firstDelayMS)
        last.wrapper.releaseKeyboard()
        last.controller.retrying(last.outcome, elapsedMS: last.elapsedMS, note: attempt.retryNote(delayMS: delayMS))
        guard let stop = RetryDelay.wait(delayMS, signals: signals, clock: clock) else { return nil }
        if !stop.sentByProcess && [SIGINT, SIGQUIT].contains(stop.signo) { last.controller.signalKeyTyped() }
        return stop.signo
    }
}

/// The attempt whose end is the run's.
struct LastAttempt {
    let wrapper: Wrapper
    let controller: RunController
    /// How the command ended, as its wait told.
    let result: CommandResult
    let outcome: Outcome
    let elapsedMS: Int
    /// The signal that stopped the run while it waited for another attempt, or nil.
    private(set) var stoppedBy: Int32?
    /// The run trees of the attempts before this one, each finished, in the order they ran.
    var earlier: [RunTree] = []

    /// This attempt's run tree, its own run ended as `status` at `nowMS`.
    func finishedTree(status: ChildEnd, nowMS: Int) -> RunTree {
        var tree = controller.runTree
        tree.finish(status: status, nowMS: nowMS)
        return tree
    }

    init(wrapper: Wrapper, controller: RunController, result: CommandResult, outcome: Outcome, elapsedMS: Int) {
        (self.wrapper, self.controller, self.result, self.outcome, self.elapsedMS) = (wrapper, controller, result, outcome, elapsedMS)
    }

    /// This attempt, as the last of a run stopped by `signo` before the next one.
    func stopped(by signo: Int32) -> LastAttempt {
        var copy = self
        copy.stoppedBy = signo
        return copy
    }

    /// Whether history counts the run as a success: a spinner stopped early (`--until`,
    /// `loadwrap done`) ended well when it stopped.
    var succeeded: Bool { controller.stoppedEarly || outcome.succeeded }

    /// How long history remembers the run took: until its early stop, if it had one.
    var rememberedMS: Int { controller.stoppedAfterMS ?? elapsedMS }

    /// The end step, for a run that usually takes `usualMS`: held output if the run failed, the
    /// end line, the annotation and summary rows; then the terminal's own modes back.
    func finish(usualMS: Int?) {
        controller.finished(outcome, elapsedMS: elapsedMS, end: exitEnd, usualMS: usualMS)
        wrapper.releaseKeyboard()
    }

    /// How loadwrap ends: by the signal that stopped the run, or as `ExitPlan` decides from the
    /// command's end.
    var exitEnd: ChildEnd {
        if let stoppedBy { return .killed(stoppedBy) }
        switch ExitPlan.decide(end: result.end, timeout: result.expiredTimeout) {
        case .status(let code): return .exited(code)
        case .imitate(let end): return end
        }
    }

    /// Ends loadwrap as the run ended: by the signal that stopped it, or as the command ended.
    func exit() -> Never {
        if let stoppedBy { ChildEnd.killed(stoppedBy).imitate() }
        ExitPlan.decide(end: result.end, timeout: result.expiredTimeout).perform()
    }
}
