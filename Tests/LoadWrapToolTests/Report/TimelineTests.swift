import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTimeline
@testable import LoadWrapTool

/// Where the time went, in figures: own times, the critical path, and the bound on what is shown.
@Suite struct TimelineTests {
    /// `build` from 0: `deps` 0–600, then `lib` 600–1800 and `app` 600–1900 side by side, then
    /// `test` 1900–2600 failing; `compile` nested in `app` 700–1500.
    private static func build() -> RunTree {
        var tree = RunTree(base: "build", nowMS: 0, keepsEnded: true)
        tree.start(pid: 1, place: .nested, title: "deps", nowMS: 0)
        tree.end(pid: 1, status: .exited(0), nowMS: 600)
        tree.start(pid: 2, place: .nested, title: "lib", nowMS: 600)
        tree.start(pid: 3, place: .nested, title: "app", nowMS: 600)
        tree.start(pid: 4, place: .nested, parent: 3, title: "compile", nowMS: 700)
        tree.end(pid: 4, status: .exited(0), nowMS: 1_500)
        tree.end(pid: 2, status: .exited(0), nowMS: 1_800)
        tree.end(pid: 3, status: .exited(0), nowMS: 1_900)
        tree.start(pid: 5, place: .nested, title: "test", nowMS: 1_900)
        tree.end(pid: 5, status: .exited(3), nowMS: 2_600)
        tree.finish(status: .exited(3), nowMS: 2_650)
        return tree
    }

    @Test func ownTimeIsWhatNoNestedRunCovered() {
        let timeline = Timeline(Self.build().records, endMS: 2_650)
        let own = Dictionary(uniqueKeysWithValues: timeline.steps.map { ($0.run.title, $0.ownMS) })
        #expect(own == ["build": 50, "deps": 600, "lib": 1_200, "app": 500, "compile": 800, "test": 700])
        #expect(timeline.steps.map(\.depth) == [0, 1, 1, 1, 2, 1])
        #expect(timeline.totalMS == 2_650)
    }

    /// `test` ended last; before it began, `app` (which ended after `lib`); before `app`, `deps`;
    /// inside `app`, `compile`.
    @Test func theCriticalPathIsTheChainThatDecidedTheEnd() {
        let critical = Timeline(Self.build().records, endMS: 2_650).steps.filter(\.critical).map(\.run.title)
        #expect(critical == ["build", "deps", "app", "compile", "test"])
    }

    /// A run of many steps shows the longest (the run and its group among them), with the runs
    /// above them, and counts the rest.
    @Test func aLongRunKeepsItsLongestSteps() {
        var tree = RunTree(base: "many", nowMS: 0, keepsEnded: true)
        tree.start(pid: 1, place: .nested, title: "group", nowMS: 0)
        for step in 0..<100 {
            let pid = Int32(10 + step)
            tree.start(pid: pid, place: .nested, parent: 1, title: "step \(step)", nowMS: step * 10)
            tree.end(pid: pid, nowMS: step * 10 + step)
        }
        tree.end(pid: 1, nowMS: 2_000)
        let timeline = Timeline(tree.records, endMS: 2_000, limit: 5)
        #expect(timeline.steps.map(\.run.title) == ["many", "group", "step 97", "step 98", "step 99"])
        #expect(timeline.leftOut == 97)
    }
}
