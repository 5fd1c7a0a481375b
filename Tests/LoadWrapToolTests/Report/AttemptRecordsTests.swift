import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTimeline
@testable import LoadWrapTool

/// `--retry` in the files: the whole run outermost, each attempt a step of it, each attempt's
/// steps inside it; an attempt's span the one its command was told.
@Suite struct AttemptRecordsTests {
    /// Attempt 1 from 0 to 300 (step `fetch` 10–200, exit 1); attempt 2 from 400 to 700 (step
    /// `fetch` 410–600, exit 0).
    private static func attempts() -> [RunRecords] {
        [(0, 1, "build"), (400, 0, "build (attempt 2/3)")].map { startMS, code, title in
            var tree = RunTree(base: title, nowMS: startMS, keepsEnded: true)
            tree.start(pid: 9, place: .nested, title: "fetch", nowMS: startMS + 10)
            tree.end(pid: 9, status: .exited(Int32(code)), nowMS: startMS + 200)
            tree.finish(status: .exited(Int32(code)), nowMS: startMS + 300)
            tree.setOwnCommand("make")
            return tree.records
        }
    }

    @Test func eachAttemptIsAStepOfTheWholeRunWithItsStepsInside() {
        let records = RunRecords.attempts(Self.attempts(), title: "build", total: 3)
        #expect(records.runs.map(\.id) == [0, 1, 2, 3, 4])
        #expect(records.runs.map(\.parent) == [nil, 0, 1, 0, 3])
        #expect(records.runs.map(\.title) == ["build", "build (attempt 1/3)", "fetch", "build (attempt 2/3)", "fetch"])
        #expect(records.runs.map(\.spanKey) == [0, -1, 9, -2, 9])
        #expect(records.runs.map(\.place) == [.run, .nested, .nested, .nested, .nested])
        #expect(records.runs.map(\.startMS) == [0, 0, 10, 400, 410])
        #expect(records.runs.map(\.endMS) == [700, 300, 200, 700, 600])
        #expect(records.runs.map(\.endText) == ["exit 0", "exit 1", "exit 1", "exit 0", "exit 0"])
        #expect(records.own.command == "make" && records.runs[1].command == "make")
    }

    /// The span an attempt's command is told (`TRACEPARENT`) is the span the file gives that
    /// attempt, so tools in it that trace land under it.
    @Test func anAttemptsSpanIsTheOneItsCommandWasTold() throws {
        let recording = try #require(TraceRecording.make(writesOTLP: true, environment: [:]))
        let context = OTLPTrace.Context(traceID: recording.traceID, rootSpanID: recording.spanID, parentSpanID: nil,
                                        wallNowNS: 0, elapsedMS: 0)
        let json = OTLPTrace.json(RunRecords.attempts(Self.attempts(), title: "build", total: 3), endMS: 700, context: context)
        for attempt in [1, 2] {
            let told = try #require(recording.environment(attempt: attempt)["TRACEPARENT"].flatMap(TraceParent.init))
            #expect(json.contains(#""spanId":"\#(told.spanID)","parentSpanId":"\#(recording.spanID)","name":"build (attempt \#(attempt)/3)""#))
        }
        #expect(recording.environment()["TRACEPARENT"] == TraceParent(traceID: recording.traceID, spanID: recording.spanID).value)
    }
}
