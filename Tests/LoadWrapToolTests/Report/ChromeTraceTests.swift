import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTimeline
@testable import LoadWrapTool

/// The run tree as Chrome trace JSON, byte for byte, and the lanes runs side by side get.
@Suite struct ChromeTraceTests {
    /// `build` from 1000 ms: `a` and `b` side by side, `test` after them, renamed, failing.
    private static func build() -> RunTree {
        var tree = RunTree(base: "build", nowMS: 1_000, keepsEnded: true)
        tree.start(pid: 11, place: .nested, title: "a", nowMS: 1_010)
        tree.start(pid: 12, place: .nested, title: "b", nowMS: 1_020)
        tree.end(pid: 11, status: .exited(0), nowMS: 1_300)
        tree.end(pid: 12, status: .killed(15), nowMS: 1_400)
        tree.start(pid: 13, place: .nested, title: "test", nowMS: 1_410)
        tree.start(pid: 13, place: .nested, title: "test: link", nowMS: 1_450)
        tree.setCommand("sh -c 'exit 3'", pid: 13)
        tree.end(pid: 13, status: .exited(3), nowMS: 1_500)
        tree.finish(status: .exited(3), nowMS: 1_510)
        tree.setOwnCommand("make -j2")
        return tree
    }

    /// Each run says in its arguments how it ended, who ran it and its command line, when known.
    @Test func eachRunIsACompleteEventOnItsLaneAndEachRenameAnInstant() {
        let expected = """
            {"traceEvents":[
            {"name":"process_name","ph":"M","pid":1,"args":{"name":"loadwrap: build"}},
            {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"lane 1"}},
            {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"lane 2"}},
            {"name":"build","cat":"run","ph":"X","ts":0,"dur":510000,"pid":1,"tid":1,"args":{"status":"exit 3","command":"make -j2"}},
            {"name":"a","cat":"nested","ph":"X","ts":10000,"dur":290000,"pid":1,"tid":1,"args":{"status":"exit 0","parent":"build"}},
            {"name":"b","cat":"nested","ph":"X","ts":20000,"dur":380000,"pid":1,"tid":2,"args":{"status":"SIGTERM","parent":"build"}},
            {"name":"test","cat":"nested","ph":"X","ts":410000,"dur":90000,"pid":1,"tid":1,"args":{"status":"exit 3","parent":"build","command":"sh -c 'exit 3'"}},
            {"name":"say: test: link","ph":"i","s":"t","ts":450000,"pid":1,"tid":1}
            ],"displayTimeUnit":"ms"}

            """
        #expect(ChromeTrace.json(Self.build().records, endMS: 1_510) == expected)
    }

    /// A run still going at the end lasts until then, and says so.
    @Test func aRunStillGoingEndsAtTheEnd() {
        var tree = RunTree(base: "build", nowMS: 0, keepsEnded: true)
        tree.start(pid: 5, place: .peer, title: "watch", nowMS: 100)
        let json = ChromeTrace.json(tree.records, endMS: 900)
        #expect(json.contains(#"{"name":"watch","cat":"beside","ph":"X","ts":100000,"dur":800000,"pid":1,"tid":2,"args":{"status":"running"}}"#))
    }

    /// A hundred thousand steps: the ten thousand longest are written, the rest counted.
    @Test func aHundredThousandStepsWriteABoundedFile() {
        var tree = RunTree(base: "huge", nowMS: 0, keepsEnded: true)
        for step in 0..<100_000 {
            let pid = Int32(step + 1)
            tree.start(pid: pid, place: .nested, title: "s\(step)", nowMS: step)
            tree.end(pid: pid, status: .exited(0), nowMS: step + 1 + step % 1_000)
        }
        let json = ChromeTrace.json(tree.records, endMS: 101_000)
        #expect(json.components(separatedBy: #""ph":"X""#).count - 1 == 10_000)
        #expect(json.contains("loadwrap: huge (90001 shorter steps left out)"))
    }

    /// Nested runs share their parent's lane while they fit inside it; one that outlives it (a
    /// background job), or starts beside a sibling, gets a lane of its own; a lane is reused once
    /// free.
    @Test func lanes() {
        var tree = RunTree(base: "ci", nowMS: 0, keepsEnded: true)
        tree.start(pid: 1, place: .nested, title: "build", nowMS: 0)
        tree.start(pid: 2, place: .nested, parent: 1, title: "compile", nowMS: 10)
        tree.end(pid: 2, nowMS: 50)
        tree.start(pid: 3, place: .nested, parent: 1, title: "daemon", nowMS: 60)
        tree.end(pid: 1, nowMS: 100)
        tree.end(pid: 3, nowMS: 200)
        tree.start(pid: 4, place: .nested, title: "test", nowMS: 210)
        tree.start(pid: 5, place: .nested, title: "lint", nowMS: 220)
        tree.end(pid: 4, nowMS: 300)
        tree.end(pid: 5, nowMS: 300)
        let lanes = TraceLanes.assign(tree.records.runs, endMS: 300)
        #expect(tree.runs.map { lanes[$0.id]! } == [0, 0, 0, 1, 0, 1])
    }

    @Test func textsAreJSONStrings() {
        #expect(ChromeTrace.quoted(#"say "hi" \ there"#) == #""say \"hi\" \\ there""#)
        #expect(ChromeTrace.quoted("a\u{1}b\tc") == #""a\u0001b\u0009c""#)
        #expect(ChromeTrace.quoted("日本 › ok") == "\"日本 › ok\"")
    }
}

/// A step's usual time, and whether it was slower, are in its event's args and its span's
/// attributes (issue 44.5).
@Suite struct TraceUsualTimeTests {
    private static func tree() -> RunTree {
        var tree = RunTree(base: "build", nowMS: 0, keepsEnded: true)
        tree.start(pid: 7, place: .nested, title: "swift test", nowMS: 0)
        tree.end(pid: 7, status: .exited(0), usualMS: 72_000, nowMS: 118_000)
        tree.finish(status: .exited(0), nowMS: 118_100)
        return tree
    }

    @Test func chromeTraceArgs() {
        let json = ChromeTrace.json(Self.tree().records, endMS: 118_100)
        #expect(json.contains(#""usual_ms":72000,"slower_than_usual":true"#))
        #expect(json.components(separatedBy: "usual_ms").count == 2)
    }

    @Test func otlpAttributes() {
        let context = OTLPTrace.Context(traceID: String(repeating: "a", count: 32), rootSpanID: String(repeating: "b", count: 16),
                                        parentSpanID: nil, wallNowNS: 0, elapsedMS: 0)
        let json = OTLPTrace.json(Self.tree().records, endMS: 118_100, context: context)
        #expect(json.contains(#"{"key":"loadwrap.usual_ms","value":{"intValue":"72000"}}"#))
        #expect(json.contains(#"{"key":"loadwrap.slower_than_usual","value":{"boolValue":true}}"#))
    }
}
