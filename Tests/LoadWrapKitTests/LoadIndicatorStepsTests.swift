import Foundation
import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit

/// The indicator and its rows as steps, written as `loadwrap --timings` and `--trace` write theirs:
/// exact trace bytes on a manual clock, a bar per step on the page, a path that cannot be written.
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

    @Test func aPathThatCannotBeWrittenThrows() {
        let indicator = Fixture.indicator(sink: sink, clock: clock)
        #expect(throws: LoadIndicator.StepFileError.self) { try indicator.writeTimings(toFile: "/nonexistent/dir/t.html") }
        let error = #expect(throws: LoadIndicator.StepFileError.self) { try indicator.writeTrace(toFile: "/nonexistent/dir/t.json") }
        #expect(error?.description == "Cannot write '/nonexistent/dir/t.json': No such file or directory.")
    }
}
