import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTimeline
@testable import LoadWrapTool

/// The trace context, and the run tree as OTLP/JSON, byte for byte.
@Suite struct OTLPTraceUnitTests {
    @Test func traceParentReadsVersion00Only() {
        let parent = TraceParent("00-0AF7651916CD43DD8448EB211C80319C-b7ad6b7169203331-00")
        #expect(parent == TraceParent(traceID: "0af7651916cd43dd8448eb211c80319c", spanID: "b7ad6b7169203331"))
        #expect(parent?.value == "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        for bad in ["", "01-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01", "00-0af765-b7ad6b7169203331-01",
                    "00-00000000000000000000000000000000-b7ad6b7169203331-01", "00-0af7651916cd43dd8448eb211c80319c-0000000000000000-01",
                    "00-0af7651916cd43dd8448eb211c80319g-b7ad6b7169203331-01"] {
            #expect(TraceParent(bad) == nil, "\(bad)")
        }
        #expect(TraceParent.newTraceID().count == 32)
    }

    /// A span id is a function of trace, parent and pid, so the loadwrap that runs and the one
    /// that writes agree without a message.
    @Test func spanIDsAreDerived() {
        let one = TraceParent.spanID(trace: "0af7651916cd43dd8448eb211c80319c", parent: "b7ad6b7169203331", pid: 42)
        #expect(one == TraceParent.spanID(trace: "0af7651916cd43dd8448eb211c80319c", parent: "b7ad6b7169203331", pid: 42))
        #expect(one != TraceParent.spanID(trace: "0af7651916cd43dd8448eb211c80319c", parent: "b7ad6b7169203331", pid: 43))
        #expect(one.count == 16 && TraceParent("00-0af7651916cd43dd8448eb211c80319c-\(one)-01") != nil)
    }

    /// An inner loadwrap names its own span only in a trace being recorded.
    @Test func anInnerJoinsOnlyARecordedTrace() {
        let given = "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"
        #expect(TraceRecording.make(writesOTLP: false, environment: ["TRACEPARENT": given]) == nil)
        let inner = TraceRecording.make(writesOTLP: false, environment: [
            "TRACEPARENT": given, "LOADWRAP_SPANS": "0af7651916cd43dd8448eb211c80319c",
        ])
        #expect(inner?.parentSpanID == "b7ad6b7169203331")
        #expect(inner?.environment()["TRACEPARENT"] == "00-0af7651916cd43dd8448eb211c80319c-\(inner!.spanID)-01")
        let outer = TraceRecording.make(writesOTLP: true, environment: [:])
        #expect(outer?.parentSpanID == nil && outer?.environment()["LOADWRAP_SPANS"] == outer?.traceID)
    }

    @Test func theTreeAsAnExportRequest() {
        var tree = RunTree(base: "build", nowMS: 1_000, keepsEnded: true)
        tree.start(pid: 7, place: .nested, title: "test", nowMS: 1_100)
        tree.start(pid: 7, place: .nested, title: "test: link", nowMS: 1_200)
        tree.setCommand("sh -c 'exit 3'", pid: 7)
        tree.end(pid: 7, status: .exited(3), nowMS: 1_300)
        tree.finish(status: .exited(3), nowMS: 1_400)
        let context = OTLPTrace.Context(traceID: "0af7651916cd43dd8448eb211c80319c", rootSpanID: "1111111111111111",
                                        parentSpanID: "b7ad6b7169203331", wallNowNS: 5_000_000_000, elapsedMS: 0)
        let child = TraceParent.spanID(trace: context.traceID, parent: "1111111111111111", pid: 7)
        let expected = #"""
            {"resourceSpans":[{"resource":{"attributes":[{"key":"service.name","value":{"stringValue":"loadwrap"}}]},"scopeSpans":[{"scope":{"name":"loadwrap"},"spans":[
            {"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"1111111111111111","parentSpanId":"b7ad6b7169203331","name":"build","kind":1,"startTimeUnixNano":"5000000000","endTimeUnixNano":"5400000000","attributes":[{"key":"cicd.pipeline.name","value":{"stringValue":"build"}},{"key":"process.exit.code","value":{"intValue":"3"}}],"events":[],"status":{"code":2,"message":"exit 3"}},
            {"traceId":"0af7651916cd43dd8448eb211c80319c","spanId":"\#(child)","parentSpanId":"1111111111111111","name":"test","kind":1,"startTimeUnixNano":"5100000000","endTimeUnixNano":"5300000000","attributes":[{"key":"cicd.pipeline.task.name","value":{"stringValue":"test"}},{"key":"process.command_line","value":{"stringValue":"sh -c 'exit 3'"}},{"key":"process.exit.code","value":{"intValue":"3"}}],"events":[{"timeUnixNano":"5200000000","name":"say","attributes":[{"key":"title","value":{"stringValue":"test: link"}}]}],"status":{"code":2,"message":"exit 3"}}
            ]}]}]}

            """#
        #expect(OTLPTrace.json(tree.records, endMS: 1_400, context: context) == expected)
    }
}
