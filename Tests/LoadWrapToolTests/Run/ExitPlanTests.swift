import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How loadwrap ends: as the command did, or with GNU `timeout`'s codes after a timeout.
@Suite struct ExitPlanTests {
    private static func expired(killed: Bool) -> Timeout {
        var timeout = Timeout(limitMS: 100, killAfterMS: 50, startMS: 0)
        _ = timeout.check(nowMS: 100)
        if killed { _ = timeout.check(nowMS: 150) }
        return timeout
    }

    @Test func withoutATimeoutLoadwrapEndsAsTheCommandDid() {
        #expect(ExitPlan.decide(end: .exited(3), timeout: nil) == .imitate(.exited(3)))
        #expect(ExitPlan.decide(end: .killed(SIGINT), timeout: Timeout(limitMS: 100, killAfterMS: 5, startMS: 0))
            == .imitate(.killed(SIGINT)))
    }

    @Test func aTimeoutTheCommandObeyedGives124() {
        #expect(ExitPlan.decide(end: .killed(SIGTERM), timeout: Self.expired(killed: false)) == .status(124))
        #expect(ExitPlan.decide(end: .exited(0), timeout: Self.expired(killed: false)) == .status(124))
    }

    @Test func aCommandThatHadToBeKilledGives137() {
        #expect(ExitPlan.decide(end: .killed(SIGKILL), timeout: Self.expired(killed: true)) == .status(137))
    }

    @Test func aSurvivorThatNeededSIGKILLLeavesTheCommandsOwn124() {
        #expect(ExitPlan.decide(end: .killed(SIGTERM), timeout: Self.expired(killed: true)) == .status(124))
    }
}
