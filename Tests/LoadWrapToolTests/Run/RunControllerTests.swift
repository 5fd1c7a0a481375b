import LoadWrapTestSupport
import Testing

@testable import LoadWrapCore
@testable import LoadWrapProcess
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// The run's policy, with a presenter that records what it is told: control messages, early
/// stops shown only after the turn that caused them, and what the end line reports.
@Suite struct RunControllerTests {
    /// Every call the controller makes, in order.
    final class RecordingPresenter: Presenter {
        var calls: [String] = []
        func started() { calls.append("started") }
        func titleChanged(_ title: String) { calls.append("title \(title)") }
        func titleRestored(_ title: String) { calls.append("restored \(title)") }
        func progressChanged(_ progress: LoadProgress?) { calls.append("progress \(progress?.figures ?? "nil")") }
        func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int) { calls.append("stopped \(stop) \(elapsedMS)") }
        func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool) {
            calls.append("finished \(outcome) \(elapsedMS) \(afterEarlyStop)")
        }
        func retrying(_ outcome: Outcome, elapsedMS: Int, note: String) { calls.append("retrying \(outcome) \(note)") }
        var deadlineMS: Int? { nil }
        func tick() { calls.append("tick") }
        func output(_ chunk: UnsafeRawBufferPointer) -> Bool { true }
    }

    let presenter = RecordingPresenter()
    let clock = ManualClock(startMS: 1_000)

    func controller(until: String? = nil) throws -> RunController {
        RunController(
            presenter: presenter, control: ControlHandler(title: "make", upstream: nil, utf8: true, nowMS: 0),
            watches: .init(until: try until.map { try WatchPattern($0) }), clock: clock, startMS: 1_000)
    }

    @Test func titlesAndProgressFromTheChannelReachThePresenter() throws {
        let run = try controller()
        run.handle(.say("Linking"))
        run.handle(.progress(LoadProgress(percent: 40)))
        run.handle(.progress(LoadProgress(percent: 40)))  // looks the same: not shown again
        #expect(presenter.calls == ["title Linking", "progress 40%"])
    }

    @Test func doneIsShownAfterTheTurnThatBroughtItAndOnlyOnce() throws {
        let run = try controller()
        run.handle(.done("Ready"))
        run.handle(.done("Again"))
        #expect(presenter.calls.isEmpty)
        clock.advance(by: 250)
        run.turnEnded()
        run.turnEnded()
        #expect(presenter.calls == [#"stopped done(message: Optional("Ready")) 250"#])
        #expect(run.stoppedEarly && run.stoppedAfterMS == 250)
    }

    @Test func anUntilThatNeverMatchedIsWhatTheEndLineReports() throws {
        let run = try controller(until: "Listening")
        let outcome = run.outcome(.exited(0), timeout: nil)
        #expect(outcome == .neverMatched(.exited(0), pattern: "Listening"))
        run.finished(outcome, elapsedMS: 900, end: .exited(0), usualMS: nil)
        #expect(presenter.calls == [#"finished neverMatched(LoadWrapProcess.ChildEnd.exited(0), pattern: "Listening") 900 false"#])
    }

    @Test func aTimeoutIsReportedBeforeTheCommandsOwnEnd() throws {
        let run = try controller()
        var timeout = Timeout(limitMS: 500, killAfterMS: 100, startMS: 1_000)
        _ = timeout.check(nowMS: 1_500)  // the limit is reached: SIGTERM is due
        #expect(run.outcome(.killed(15), timeout: timeout) == .timedOut(afterMS: 500))
    }
}
