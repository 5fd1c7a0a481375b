import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner of several `-c` commands: the command of the loadwrap that shows them. It feeds
/// what its spawner reports to its `JobScheduler` and carries out what that decides: a job
/// started, a title told to the loadwrap above, `--fail-fast`'s SIGTERM and SIGKILL, a signal
/// passed on; and returns how the run ends, the first failure in time or 0. The clock, the
/// spawner and the title's channel are its caller's (`JobRunner.main` for the real ones), so
/// `JobRunnerTests` run it with a manual clock and a fake spawner.
package final class JobRunner {
    /// The decisions.
    private var scheduler: JobScheduler
    /// Where time comes from: when a job ended, when `--kill-after` has passed.
    private let clock: any TimeSource
    /// The jobs' processes.
    private let spawner: any JobSpawner
    /// Tells the loadwrap above the run's title.
    private let say: (String) -> Void
    /// How the run ends, once decided.
    private var result: ChildEnd?

    /// A runner for `plan` over `spawner`, reading `clock`, telling titles to `say`.
    init(_ plan: JobPlan, clock: any TimeSource, spawner: any JobSpawner, say: @escaping (String) -> Void) {
        scheduler = JobScheduler(plan: plan)
        (self.clock, self.spawner, self.say) = (clock, spawner, say)
    }

    /// Runs every job and returns how the run ends: as the first to fail in time did, or with 0.
    func run() -> ChildEnd {
        perform(scheduler.begin())
        while result == nil {
            for report in spawner.wait(untilMS: scheduler.wakeMS) {
                switch report {
                case .ended(let job, let end): perform(scheduler.handle(.ended(job: job, end, atMS: clock.nowMS())))
                case .signal(let signo, let alone): perform(scheduler.handle(.signal(signo, alone: alone)))
                }
            }
            perform(scheduler.handle(.tick(atMS: clock.nowMS())))
        }
        return result ?? .exited(0)
    }

    /// Carries out `decisions` in order; a job that could not start ends after them, so the
    /// decisions its end brings come after those already made.
    private func perform(_ decisions: [JobScheduler.Decision]) {
        var unstarted: [JobScheduler.Event] = []
        for decision in decisions {
            switch decision {
            case .start(let job):
                if let end = spawner.start(job) { unstarted.append(.ended(job: job, end, atMS: clock.nowMS())) }
            case .title(let text): say(text)
            case .terminate(let jobs): spawner.terminate(jobs)
            case .kill: spawner.killAll()
            case .forward(let signo, let jobs): spawner.send(signo, to: jobs)
            case .finish(let end): result = end
            }
        }
        for event in unstarted { perform(scheduler.handle(event)) }
    }
}

extension JobRunner {
    /// Runs `plan` in this process: the real clock, an inner loadwrap per job (`InnerJobs`), the
    /// title told to the channel in `environment`; ends as the run did (`ChildEnd.imitate`), or
    /// with 125 when the inners cannot be started at all.
    package static func main(_ plan: JobPlan, environment: [String: String]) -> Never {
        let clock = MonotonicClock()
        let inners: InnerJobs
        do {
            inners = try InnerJobs(plan: plan, clock: clock)
        } catch {
            StandardStreams.err(error.message + "\n")
            exit(error.exitCode)
        }
        let upstream = ControlClient(environment: environment)
        let runner = JobRunner(plan, clock: clock, spawner: inners) { _ = upstream?.send(.say($0), settleMS: 0) }
        runner.run().imitate()
    }
}
