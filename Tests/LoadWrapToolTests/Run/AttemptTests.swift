#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import LoadWrapProcess
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// `--retry`'s arithmetic and its rule for running again.
@Suite struct AttemptTests {
    @Test func theDelayDoublesUpToAMinute() {
        let delays = (1...9).map { Attempt(number: $0, total: 10).delayMS(firstMS: 1_000) }
        #expect(delays == [1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000])
        #expect(Attempt(number: 3, total: 4).delayMS(firstMS: 0) == 0)
        #expect(Attempt(number: 2, total: 4).delayMS(firstMS: 90_000) == 90_000)  // longer than the cap: as asked
    }

    @Test func titlesAndNotes() {
        let first = Attempt(number: 1, total: 3)
        #expect(first.title("make") == "make")
        #expect(first.next?.title("make") == "make (attempt 2/3)")
        #expect(first.retryNote(delayMS: 2_000) == "retrying in 2s (2/3)")
        #expect(first.retryNote(delayMS: 250) == "retrying in 250ms (2/3)")
        #expect(Attempt(number: 3, total: 3).next == nil)
    }

    @Test func onlyAFailureNobodyStoppedIsRunAgain() {
        func retries(_ end: ChildEnd, timedOut: Bool = false, toldToStop: Bool = false, afterTimeout: Bool = true) -> Bool {
            let outcome: Outcome = timedOut ? .timedOut(afterMS: 1_000) : .ended(end)
            return Attempt.retries(outcome, end: end, timedOut: timedOut, toldToStop: toldToStop, afterTimeout: afterTimeout)
        }
        #expect(!retries(.exited(0)))
        #expect(retries(.exited(1)))
        #expect(retries(.killed(SIGSEGV)))
        #expect(!retries(.killed(SIGINT)))
        #expect(!retries(.killed(SIGTERM)))
        #expect(!retries(.exited(1), toldToStop: true))
        #expect(retries(.killed(SIGTERM), timedOut: true))
        #expect(!retries(.killed(SIGTERM), timedOut: true, afterTimeout: false))
    }
}
