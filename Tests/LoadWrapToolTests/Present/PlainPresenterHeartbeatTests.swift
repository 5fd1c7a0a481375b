import Testing

@testable import LoadWrapCore
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// What plain mode's heartbeat and progress lines say, and when they come.
@Suite struct PlainPresenterHeartbeatTests {
    let lines = ReportLines(utf8: false, color: false)

    @Test func dueAfterASilenceOfTheInterval() {
        var beat = PlainPresenter.Heartbeat(title: "t", startMS: 0, intervalMS: 5_000, nowMS: 1_000)
        #expect(beat.deadlineMS == 6_000)
        #expect(!beat.isDue(atMS: 5_999))
        #expect(beat.isDue(atMS: 6_000))
        beat.active(atMS: 6_000)
        #expect(beat.deadlineMS == 11_000)
        #expect(!PlainPresenter.Heartbeat(title: "t", startMS: 0, intervalMS: nil, nowMS: 0).isDue(atMS: .max))
    }

    @Test func theLineNamesTheStepsRunningBeside() {
        var beat = PlainPresenter.Heartbeat(title: "build", startMS: 1_000, intervalMS: 5_000, nowMS: 1_000)
        beat.runningSteps = ["step a", "step b"]
        #expect(beat.heartbeatLine(lines, nowMS: 6_000) == lines.heartbeat("build (step a, step b)", elapsedMS: 5_000))
        #expect(beat.heartbeatLine(lines, nowMS: 6_000) == "... build (step a, step b) - still running - 5.0s\n")
    }

    /// A progress line at each tenth reached, or left going back, not at each report.
    @Test func aProgressLineAtEachTenth() {
        var beat = PlainPresenter.Heartbeat(title: "t", startMS: 0, intervalMS: nil, nowMS: 0)
        #expect(beat.progressLine(lines, nowMS: 0) == nil)
        let reports: [LoadProgress?] = [LoadProgress(fraction: 0.05), LoadProgress(fraction: 0.12),
                                        LoadProgress(fraction: 0.19), LoadProgress(fraction: 0.31),
                                        LoadProgress(fraction: 0.05), nil]
        let lined = reports.map { beat.progressChanged($0) }
        #expect(lined == [false, true, false, true, true, false])
        #expect(beat.progress == nil)
    }
}
