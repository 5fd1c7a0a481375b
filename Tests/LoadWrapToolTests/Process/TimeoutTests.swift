import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool

@Suite struct TimeoutTests {
    @Test func startsWaitingForTheLimit() {
        let timeout = Timeout(limitMS: 1_000, killAfterMS: 5_000, startMS: 200)
        #expect(timeout.nextDeadlineMS == 1_200)
        #expect(!timeout.expired)
        #expect(!timeout.killed)
    }

    @Test func nothingBeforeTheLimit() {
        var timeout = Timeout(limitMS: 1_000, killAfterMS: 5_000, startMS: 200)
        #expect(timeout.check(nowMS: 200) == .none)
        #expect(timeout.check(nowMS: 1_199) == .none)
        #expect(!timeout.expired)
        #expect(timeout.nextDeadlineMS == 1_200)
    }

    @Test func terminatesAtTheLimitThenKillsAfterKillAfter() {
        var timeout = Timeout(limitMS: 1_000, killAfterMS: 5_000, startMS: 200)
        #expect(timeout.check(nowMS: 1_200) == .terminate)
        #expect(timeout.expired)
        #expect(!timeout.killed)
        #expect(timeout.nextDeadlineMS == 6_200)
        #expect(timeout.check(nowMS: 1_200) == .none)
        #expect(timeout.check(nowMS: 6_199) == .none)
        #expect(timeout.check(nowMS: 6_200) == .kill)
        #expect(timeout.killed)
        #expect(timeout.expired)
        #expect(timeout.nextDeadlineMS == nil)
        #expect(timeout.check(nowMS: 6_200) == .none)
        #expect(timeout.check(nowMS: 100_000) == .none)
    }

    @Test func killAfterCountsFromTheLateTerminate() {
        // A late wake-up: SIGTERM went out at 1,500, so SIGKILL is due 5 s after that.
        var timeout = Timeout(limitMS: 1_000, killAfterMS: 5_000, startMS: 200)
        #expect(timeout.check(nowMS: 1_500) == .terminate)
        #expect(timeout.nextDeadlineMS == 6_500)
        #expect(timeout.check(nowMS: 6_499) == .none)
        #expect(timeout.check(nowMS: 6_500) == .kill)
    }

    @Test func oneActionPerCheckEvenWhenBothAreOverdue() {
        var timeout = Timeout(limitMS: 1_000, killAfterMS: 5_000, startMS: 0)
        #expect(timeout.check(nowMS: 50_000) == .terminate)
        #expect(timeout.nextDeadlineMS == 55_000)
        #expect(timeout.check(nowMS: 50_000) == .none)
    }

    @Test func zeroKillAfterKillsOnTheNextCheck() {
        var timeout = Timeout(limitMS: 100, killAfterMS: 0, startMS: 0)
        #expect(timeout.check(nowMS: 100) == .terminate)
        #expect(timeout.nextDeadlineMS == 100)
        #expect(timeout.check(nowMS: 100) == .kill)
    }

    @Test func keepsItsSettings() {
        let timeout = Timeout(limitMS: 3_000, killAfterMS: 2_000, startMS: 10)
        #expect(timeout.limitMS == 3_000)
        #expect(timeout.killAfterMS == 2_000)
        #expect(timeout.startMS == 10)
    }
}
