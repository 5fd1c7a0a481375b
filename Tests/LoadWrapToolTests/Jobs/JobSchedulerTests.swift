import Glibc
import LoadWrapProcess
import Testing

@testable import LoadWrapJobs

/// The runner's decisions, event by event: `-j` orders, the waiting count, the first failure in
/// time, `--fail-fast` and a signal to the runner.
@Suite struct JobSchedulerTests {
    /// A plan of `count` jobs titled `checks`.
    static func plan(_ count: Int, limit: Int? = nil, failFast: Bool = false, killAfterMS: Int = 5_000) -> JobPlan {
        let jobs = (0..<count).map { JobPlan.Job(name: "j\($0)", title: "job \($0)", line: "true") }
        return JobPlan(
            jobs: jobs, policy: JobPlan.Policy(limit: limit ?? count, failFast: failFast, killAfterMS: killAfterMS),
            appearance: JobPlan.Appearance(channel: 3, quiet: false), title: "checks")
    }

    @Test func withoutJobsAllStartAtOnceAndNoTitleIsTold() {
        var scheduler = JobScheduler(plan: Self.plan(3))
        #expect(scheduler.begin() == [.start(0), .start(1), .start(2)])
        #expect(scheduler.handle(.ended(job: 1, .exited(0), atMS: 10)) == [])
        #expect(scheduler.handle(.ended(job: 0, .exited(0), atMS: 20)) == [])
        #expect(scheduler.handle(.ended(job: 2, .exited(0), atMS: 30)) == [.finish(.exited(0))])
    }

    @Test func oneAtATimeRunsThemInOrderCountingThoseWaiting() {
        var scheduler = JobScheduler(plan: Self.plan(3, limit: 1))
        #expect(scheduler.begin() == [.start(0), .title("checks, 2 waiting")])
        #expect(scheduler.handle(.ended(job: 0, .exited(0), atMS: 10)) == [.start(1), .title("checks, 1 waiting")])
        #expect(scheduler.handle(.ended(job: 1, .exited(0), atMS: 20)) == [.start(2), .title("checks")])
        #expect(scheduler.handle(.ended(job: 2, .exited(0), atMS: 30)) == [.finish(.exited(0))])
    }

    @Test func twoAtATimeStartTheNextWhicheverEnds() {
        var scheduler = JobScheduler(plan: Self.plan(4, limit: 2))
        #expect(scheduler.begin() == [.start(0), .start(1), .title("checks, 2 waiting")])
        #expect(scheduler.handle(.ended(job: 1, .exited(0), atMS: 10)) == [.start(2), .title("checks, 1 waiting")])
        #expect(scheduler.running == [0, 2])
        #expect(scheduler.handle(.ended(job: 2, .exited(0), atMS: 20)) == [.start(3), .title("checks")])
        #expect(scheduler.handle(.ended(job: 0, .exited(0), atMS: 30)) == [])
        #expect(scheduler.handle(.ended(job: 3, .exited(0), atMS: 40)) == [.finish(.exited(0))])
    }

    @Test func aFailureDoesNotStopTheOthersWithoutFailFast() {
        var scheduler = JobScheduler(plan: Self.plan(3, limit: 2))
        _ = scheduler.begin()
        #expect(scheduler.handle(.ended(job: 0, .exited(2), atMS: 10)) == [.start(2), .title("checks")])
        #expect(scheduler.wakeMS == nil)
        #expect(scheduler.handle(.ended(job: 1, .exited(0), atMS: 20)) == [])
        #expect(scheduler.handle(.ended(job: 2, .exited(0), atMS: 30)) == [.finish(.exited(2))])
    }

    @Test func theFirstFailureInTimeWinsThoughItsJobStartedLater() {
        var scheduler = JobScheduler(plan: Self.plan(3, limit: 2))
        _ = scheduler.begin()
        _ = scheduler.handle(.ended(job: 0, .exited(0), atMS: 10))  // job 2 starts, after job 1
        #expect(scheduler.handle(.ended(job: 2, .exited(3), atMS: 50)) == [])
        #expect(scheduler.handle(.ended(job: 1, .killed(SIGSEGV), atMS: 90)) == [.finish(.exited(3))])
    }

    @Test func aFailureToldLateButEarlierInTimeWins() {
        var scheduler = JobScheduler(plan: Self.plan(2))
        _ = scheduler.begin()
        _ = scheduler.handle(.ended(job: 0, .exited(4), atMS: 80))
        #expect(scheduler.handle(.ended(job: 1, .exited(5), atMS: 70)) == [.finish(.exited(5))])
    }

    @Test func failFastTerminatesTheRestThenKillsAfterKillAfter() {
        var scheduler = JobScheduler(plan: Self.plan(4, limit: 3, failFast: true, killAfterMS: 250))
        #expect(scheduler.begin() == [.start(0), .start(1), .start(2), .title("checks, 1 waiting")])
        #expect(scheduler.handle(.ended(job: 1, .exited(7), atMS: 100)) == [.title("checks"), .terminate([0, 2])])
        #expect(scheduler.waiting.isEmpty && scheduler.wakeMS == 350)
        #expect(scheduler.handle(.tick(atMS: 349)) == [])
        #expect(scheduler.handle(.ended(job: 0, .killed(SIGTERM), atMS: 200)) == [])
        #expect(scheduler.handle(.tick(atMS: 350)) == [.kill])
        #expect(scheduler.wakeMS == nil)
        #expect(scheduler.handle(.tick(atMS: 900)) == [])
        #expect(scheduler.handle(.ended(job: 2, .killed(SIGKILL), atMS: 901)) == [.finish(.exited(7))])
    }

    @Test func failFastWithNothingElseRunningEndsAtOnce() {
        var scheduler = JobScheduler(plan: Self.plan(2, limit: 1, failFast: true))
        _ = scheduler.begin()
        #expect(scheduler.handle(.ended(job: 0, .killed(SIGINT), atMS: 5)) == [.title("checks"), .finish(.killed(SIGINT))])
        #expect(scheduler.wakeMS == nil)
    }

    @Test func aSignalSentToTheRunnerAloneReachesTheRunningJobsAndStartsNothingMore() {
        var scheduler = JobScheduler(plan: Self.plan(4, limit: 2))
        _ = scheduler.begin()
        #expect(scheduler.handle(.signal(SIGTERM, alone: true)) == [.title("checks"), .forward(SIGTERM, to: [0, 1])])
        #expect(scheduler.handle(.ended(job: 0, .killed(SIGTERM), atMS: 10)) == [])
        #expect(scheduler.handle(.ended(job: 1, .killed(SIGTERM), atMS: 11)) == [.finish(.killed(SIGTERM))])
    }

    @Test func aSignalTheJobsGotTooIsNotPassedOn() {
        var scheduler = JobScheduler(plan: Self.plan(3, limit: 1))
        _ = scheduler.begin()
        #expect(scheduler.handle(.signal(SIGINT, alone: false)) == [.title("checks")])
        #expect(scheduler.handle(.signal(SIGINT, alone: false)) == [])
        #expect(scheduler.handle(.ended(job: 0, .exited(0), atMS: 10)) == [.finish(.exited(0))])
    }

    @Test func anEndOfNoJobRunningIsIgnored() {
        var scheduler = JobScheduler(plan: Self.plan(2))
        _ = scheduler.begin()
        #expect(scheduler.handle(.ended(job: 7, .exited(1), atMS: 10)) == [])
        #expect(scheduler.failure == nil)
    }
}
