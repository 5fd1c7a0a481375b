import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct OutcomeTests {
    @Test func successIsExitZeroOrAnEarlyStop() {
        #expect(Outcome.ended(.exited(0)).succeeded)
        #expect(Outcome.ready.succeeded)
        #expect(Outcome.done.succeeded)
        #expect(!Outcome.ended(.exited(1)).succeeded)
        #expect(!Outcome.ended(.killed(SIGTERM)).succeeded)
        #expect(!Outcome.timedOut(afterMS: 0).succeeded)
        #expect(!Outcome.neverMatched(.exited(0), pattern: "x").succeeded)
    }

    @Test func fieldsNameWhatWentWrongThenTheTime() {
        #expect(Outcome.ended(.exited(0)).fields(elapsedMS: 12_400) == ["12.4s"])
        #expect(Outcome.ended(.exited(2)).fields(elapsedMS: 12_400) == ["exit 2", "12.4s"])
        #expect(Outcome.ended(.exited(255)).fields(elapsedMS: 0) == ["exit 255", "0.0s"])
        #expect(Outcome.ended(.killed(SIGTERM)).fields(elapsedMS: 3_000) == ["killed by SIGTERM", "3.0s"])
        #expect(Outcome.ended(.killed(64)).fields(elapsedMS: 3_000) == ["killed by signal 64", "3.0s"])
    }

    @Test func earlyStopsSayReadyOrJustTheTime() {
        #expect(Outcome.ready.fields(elapsedMS: 4_100) == ["ready in 4.1s"])
        #expect(Outcome.done.fields(elapsedMS: 4_100) == ["4.1s"])
    }

    @Test func aPatternThatNeverMatchedIsNamedAfterTheStatus() {
        #expect(Outcome.neverMatched(.exited(0), pattern: "Listening on").fields(elapsedMS: 3_000)
                == ["'Listening on' never matched", "3.0s"])
        #expect(Outcome.neverMatched(.exited(1), pattern: "ready").fields(elapsedMS: 3_000)
                == ["exit 1", "'ready' never matched", "3.0s"])
    }

    @Test func aPatternIsShownWithoutEscapes() {
        // The pattern is matched as typed, so it is sanitised only where the end line shows it.
        #expect(Outcome.neverMatched(.exited(0), pattern: "\u{1B}[2J\u{1B}]52;c;aGk=\u{07}ready\n").fields(elapsedMS: 0)
                == ["'ready ' never matched", "0.0s"])
    }

    @Test(arguments: [
        (30_000, "timed out after 30s"), (1_500, "timed out after 1.5s"), (500, "timed out after 0.5s"),
        (90_000, "timed out after 1m30s"), (3_600_000, "timed out after 1h00m"),
    ])
    func aTimeoutReadsAsTypedWithoutTheElapsedTime(ms: Int, reason: String) {
        #expect(Outcome.timedOut(afterMS: ms).fields(elapsedMS: 99_000) == [reason])
    }
}
