import Foundation
import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit

/// The indicator and its rows as steps, written as `loadwrap --timings` and `--trace` write theirs:
/// exact trace bytes on a manual clock, a bar per step on the page, the OTLP spans' tree, a path
/// that cannot be written.
@Suite struct LoadIndicatorStepsTests {
    let sink = LoadIndicatorOutput.Memory(columns: 80, rows: 24)
    let clock = ManualClock()

    /// `Build` from 0 to 1200, renamed at 1100; `compile` 100–1000, renamed at 500; `test` at 500,
    /// whose body threw.
    private func build() -> LoadIndicator {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        clock.advance(by: 100)
        indicator.start()
        let compile = indicator.addRow("compile")
        clock.advance(by: 400)
        compile.setTitle("compile: link")
        _ = try? indicator.row("test") { _ in throw CancellationError() }
        clock.advance(by: 500)
        compile.remove()
        clock.advance(by: 100)
        indicator.title = "Build: done"
        clock.advance(by: 100)
        indicator.stop()
        return indicator
    }

    private func written(_ write: (String) throws -> Void) throws -> String {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        try write(directory + "/file")
        return try String(contentsOfFile: directory + "/file", encoding: .utf8)
    }

    @Test func theRowsAreStepsOfTheIndicatorsRunInTheTrace() throws {
        let indicator = build()
        let expected = """
            {"traceEvents":[
            {"name":"process_name","ph":"M","pid":1,"args":{"name":"loadwrap: Build: done"}},
            {"name":"thread_name","ph":"M","pid":1,"tid":1,"args":{"name":"lane 1"}},
            {"name":"thread_name","ph":"M","pid":1,"tid":2,"args":{"name":"lane 2"}},
            {"name":"Build","cat":"run","ph":"X","ts":0,"dur":1200000,"pid":1,"tid":1,"args":{"status":"ok"}},
            {"name":"say: Build: done","ph":"i","s":"t","ts":1100000,"pid":1,"tid":1},
            {"name":"compile","cat":"nested","ph":"X","ts":100000,"dur":900000,"pid":1,"tid":1,"args":{"status":"ok","parent":"Build"}},
            {"name":"say: compile: link","ph":"i","s":"t","ts":500000,"pid":1,"tid":1},
            {"name":"test","cat":"nested","ph":"X","ts":500000,"dur":0,"pid":1,"tid":2,"args":{"status":"failed","parent":"Build"}}
            ],"displayTimeUnit":"ms"}

            """
        #expect(try written { try indicator.writeTrace(toFile: $0) } == expected)
    }

    @Test func thePageHasABarPerStepColouredByHowItEnded() throws {
        let page = try written { try build().writeTimings(toFile: $0) }
        #expect(page.components(separatedBy: "<rect class=\"").count - 1 == 3)
        #expect(page.components(separatedBy: "<rect class=\"failed").count - 1 == 1, "test")
        #expect(page.contains("<h1>Build: done</h1>") && page.contains("3 steps · 1.2s · ok · 1 failed"))
    }

    /// Written while it runs, the indicator and a row still going end at the time of writing.
    @Test func stepsStillGoingEndAtTheTimeOfWriting() throws {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        indicator.start()
        clock.advance(by: 300)
        _ = indicator.addRow("upload")
        clock.advance(by: 200)
        let trace = try written { try indicator.writeTrace(toFile: $0) }
        #expect(trace.contains(#"{"name":"Build","cat":"run","ph":"X","ts":0,"dur":500000,"pid":1,"tid":1,"args":{"status":"running"}}"#))
        #expect(trace.contains(#"{"name":"upload","cat":"nested","ph":"X","ts":300000,"dur":200000,"pid":1,"tid":1,"args":{"status":"running","parent":"Build"}}"#))
        indicator.stop()
    }

    /// The spans of an OTLP file: name → (span id, parent span id or "", trace id, end − start in ms).
    private func spans(_ json: String) throws -> [String: (id: String, parent: String, trace: String, ms: Int)] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let resource = try #require((object?["resourceSpans"] as? [[String: Any]])?.first)
        let scope = try #require((resource["scopeSpans"] as? [[String: Any]])?.first)
        var found: [String: (id: String, parent: String, trace: String, ms: Int)] = [:]
        for span in try #require(scope["spans"] as? [[String: Any]]) {
            let start = Int(span["startTimeUnixNano"] as? String ?? "") ?? 0, end = Int(span["endTimeUnixNano"] as? String ?? "") ?? 0
            found[span["name"] as? String ?? ""] = (span["spanId"] as? String ?? "", span["parentSpanId"] as? String ?? "",
                                                    span["traceId"] as? String ?? "", (end - start) / 1_000_000)
        }
        return found
    }

    /// The OTLP file: the steps' spans form the tree under the span `traceParent` names, in its trace.
    @Test func theStepsAreSpansUnderTheGivenTraceParent() throws {
        let otlp = try spans(written {
            try build().writeOTLP(toFile: $0, traceParent: "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
        })
        let root = try #require(otlp["Build"])
        #expect(otlp.count == 3)
        #expect(root.parent == "b7ad6b7169203331" && root.ms == 1_200)
        #expect(otlp.values.allSatisfy { $0.trace == "0af7651916cd43dd8448eb211c80319c" })
        #expect(otlp["compile"]?.parent == root.id && otlp["compile"]?.ms == 900)
        #expect(otlp["test"]?.parent == root.id)
    }

    /// Without a valid `traceParent`, a trace of their own: a new id, and no parent above the indicator.
    @Test func withoutATraceParentTheStepsAreATraceOfTheirOwn() throws {
        let otlp = try spans(written { try build().writeOTLP(toFile: $0, traceParent: "not a traceparent") })
        let root = try #require(otlp["Build"])
        #expect(root.parent == "" && root.trace.count == 32 && root.trace != String(repeating: "0", count: 32))
        #expect(otlp["compile"]?.parent == root.id)
    }

    @Test func aPathThatCannotBeWrittenThrows() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        #expect(throws: LoadIndicator.StepFileError.self) { try indicator.writeTimings(toFile: "/nonexistent/dir/t.html") }
        #expect(throws: LoadIndicator.StepFileError.self) { try indicator.writeOTLP(toFile: "/nonexistent/dir/t.json") }
        let error = #expect(throws: LoadIndicator.StepFileError.self) { try indicator.writeTrace(toFile: "/nonexistent/dir/t.json") }
        #expect(error?.description == "Cannot write '/nonexistent/dir/t.json': No such file or directory.")
    }
}
