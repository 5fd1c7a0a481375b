import Testing

@testable import LoadWrapKit

@Suite struct OutcomeTests {
    @Test func onlyExitZeroSucceeds() {
        #expect(Outcome.ended(.exited(0)).succeeded)
        #expect(!Outcome.ended(.exited(1)).succeeded)
        #expect(!Outcome.ended(.killed(SIGTERM)).succeeded)
        #expect(!Outcome.timedOut(afterMS: 0).succeeded)
    }

    @Test func reasons() {
        #expect(Outcome.ended(.exited(0)).reason == nil)
        #expect(Outcome.ended(.exited(2)).reason == "exit 2")
        #expect(Outcome.ended(.exited(255)).reason == "exit 255")
        #expect(Outcome.ended(.killed(SIGTERM)).reason == "killed by SIGTERM")
        #expect(Outcome.ended(.killed(SIGKILL)).reason == "killed by SIGKILL")
        #expect(Outcome.ended(.killed(64)).reason == "killed by signal 64")
    }

    @Test(arguments: [
        (30_000, "timed out after 30s"), (1_500, "timed out after 1.5s"), (500, "timed out after 0.5s"),
        (90_000, "timed out after 1m30s"), (3_600_000, "timed out after 1h00m"),
    ])
    func timeoutReasonReadsAsTyped(ms: Int, reason: String) {
        #expect(Outcome.timedOut(afterMS: ms).reason == reason)
    }

    @Test func onlyATimeoutHidesTheElapsedTime() {
        #expect(Outcome.timedOut(afterMS: 30_000).hidesElapsed)
        #expect(!Outcome.ended(.exited(0)).hidesElapsed)
        #expect(!Outcome.ended(.exited(2)).hidesElapsed)
        #expect(!Outcome.ended(.killed(SIGINT)).hidesElapsed)
    }
}
