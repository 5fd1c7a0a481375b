import Glibc
import LoadWrapProcess
import LoadWrapTestSupport
import Testing

@testable import LoadWrapJobs

/// The runner over a fake spawner and a manual clock: what it asks of the processes, when, what
/// it tells the loadwrap above, and how it ends.
@Suite struct JobRunnerTests {
    /// Runs `plan` over `script`; returns the end, the spawner's log and the titles told.
    static func run(
        _ plan: JobPlan, _ script: [(atMS: Int, reports: [JobReport])], unstartable: [Int: ChildEnd] = [:]
    ) -> (end: ChildEnd, log: [String], titles: [String]) {
        let clock = ManualClock()
        let spawner = FakeJobSpawner(clock: clock, script: script)
        spawner.unstartable = unstartable
        var titles: [String] = []
        let end = JobRunner(plan, clock: clock, spawner: spawner, say: { titles.append($0) }).run()
        return (end, spawner.log, titles)
    }

    @Test func allSucceedingEndsWithZero() {
        let result = Self.run(JobSchedulerTests.plan(3, limit: 2), [
            (10, [.ended(job: 0, .exited(0))]), (20, [.ended(job: 1, .exited(0)), .ended(job: 2, .exited(0))]),
        ])
        #expect(result.end == .exited(0))
        #expect(result.log == ["start 0 @0", "start 1 @0", "start 2 @10"])
        #expect(result.titles == ["checks, 1 waiting", "checks"])
    }

    @Test func failFastTerminatesAtTheFailureAndKillsOnTheClockAfterKillAfter() {
        let result = Self.run(JobSchedulerTests.plan(3, limit: 2, failFast: true, killAfterMS: 250), [
            (40, [.ended(job: 1, .exited(3))]), (900, [.ended(job: 0, .killed(SIGKILL))]),
        ])
        #expect(result.end == .exited(3))
        #expect(result.log == ["start 0 @0", "start 1 @0", "terminate [0] @40", "kill @290"])
        #expect(result.titles == ["checks, 1 waiting", "checks"])
    }

    @Test func aJobThatCannotStartIsAFailureAndTheNextStarts() {
        let result = Self.run(JobSchedulerTests.plan(3, limit: 2), [
            (10, [.ended(job: 1, .exited(0))]), (20, [.ended(job: 2, .exited(0))]),
        ], unstartable: [0: .exited(126)])
        #expect(result.end == .exited(126))
        #expect(result.log == ["start 0 @0", "start 1 @0", "start 2 @0"])
        #expect(result.titles == ["checks, 1 waiting", "checks"])
    }

    @Test func aSignalToTheRunnerAloneIsPassedOnAndNothingMoreStarts() {
        let result = Self.run(JobSchedulerTests.plan(3, limit: 1), [
            (30, [.signal(SIGTERM, alone: true)]), (35, [.ended(job: 0, .killed(SIGTERM))]),
        ])
        #expect(result.end == .killed(SIGTERM))
        #expect(result.log == ["start 0 @0", "send \(SIGTERM) to [0] @30"])
        #expect(result.titles == ["checks, 2 waiting", "checks"])
    }
}
