import Testing

import LoadWrapCore
@testable import LoadWrapRuns

/// The run tree keeps what a timeline needs: each run's place, parent, titles with their times,
/// start and end; ended runs only when asked to.
@Suite struct RunTreeTests {
    /// `build` at 1000 ms running `step a` and `step b` side by side, `tests` nested in `step b`.
    private static func build(keepsEnded: Bool = true) -> RunTree {
        var tree = RunTree(base: "build", nowMS: 1_000, keepsEnded: keepsEnded)
        tree.start(pid: 11, place: .nested, title: "step a", nowMS: 1_100)
        tree.start(pid: 12, place: .nested, title: "step b", nowMS: 1_150)
        tree.start(pid: 13, place: .nested, parent: 12, title: "tests", nowMS: 1_200)
        return tree
    }

    @Test func eachRunHasItsPlaceParentAndStart() {
        let runs = Self.build().runs
        #expect(runs.map(\.id) == [0, 1, 2, 3])
        #expect(runs.map(\.title) == ["build", "step a", "step b", "tests"])
        #expect(runs.map(\.parent) == [nil, 0, 0, 2])
        #expect(runs.map(\.startMS) == [1_000, 1_100, 1_150, 1_200])
        #expect(runs.allSatisfy { $0.endMS == nil })
    }

    @Test func anEndedRunKeepsItsRecordAndLeavesTheViews() {
        var tree = Self.build()
        tree.end(pid: 11, nowMS: 2_100)
        #expect(tree.runs[1].endMS == 2_100)
        #expect(tree.running.map(\.pid) == [12, 13])
        #expect(tree.display(utf8: true) == "build › step b › tests")
        tree.end(pid: 11, nowMS: 3_000)
        #expect(tree.runs[1].endMS == 2_100, "a pid no longer running is ignored")
    }

    /// The line moves a background job up to its grandparent; its record keeps the run that
    /// started it.
    @Test func aRunOutlivingItsParentKeepsItInItsRecord() {
        var tree = Self.build()
        tree.end(pid: 11, nowMS: 2_000)
        tree.end(pid: 12, nowMS: 2_100)
        #expect(tree.display(utf8: true) == "build › tests")
        #expect(tree.runs[3].parent == 2)
    }

    /// A pid comes back once its run ended: a new run, not a rename of the old one.
    @Test func aPidHeardAgainAfterItsEndIsANewRun() {
        var tree = Self.build()
        tree.end(pid: 11, nowMS: 2_000)
        tree.start(pid: 11, place: .nested, title: "step c", nowMS: 2_500)
        #expect(tree.runs.map(\.title) == ["build", "step a", "step b", "tests", "step c"])
        #expect(tree.runs[1].endMS == 2_000 && tree.runs[4].endMS == nil)
    }

    /// `loadwrap say` keeps every title with its time, for the timeline.
    @Test func renamesKeepTheirTimes() {
        var tree = Self.build()
        tree.start(pid: 12, place: .nested, title: "step b: link", nowMS: 1_700)
        tree.say("building 2/3", nowMS: 1_800)
        #expect(tree.runs[2].titles == [.init(ms: 1_150, title: "step b"), .init(ms: 1_700, title: "step b: link")])
        #expect(tree.own.titles.map(\.title) == ["build", "building 2/3"])
        #expect(tree.runs.count == 4, "a rename is no new run")
    }

    /// Without the files at the end, a run's record goes with it and only its last title stays,
    /// so a long build keeps no more than what runs.
    @Test func withoutKeepingEndedRunsOnlyTheRunningStay() {
        var tree = Self.build(keepsEnded: false)
        tree.start(pid: 12, place: .nested, title: "step b: link", nowMS: 1_700)
        tree.end(pid: 11, nowMS: 2_000)
        #expect(tree.runs.map(\.title) == ["build", "step b: link", "tests"])
        #expect(tree.runs[1].titles.count == 1)
        tree.setProgress(LoadProgress(percent: 40), pid: 13)
        tree.end(pid: 12, nowMS: 2_100)
        #expect(tree.running.map(\.pid) == [13])
        #expect(tree.progress == LoadProgress(percent: 40))
    }

    /// Runs beside this one have no parent; a nested run under a pid never heard of is this
    /// loadwrap's.
    @Test func placesAndUnknownParents() {
        var tree = RunTree(base: "mid", nowMS: 0, keepsEnded: true)
        tree.start(pid: 5, place: .before, title: "gen", nowMS: 10)
        tree.start(pid: 6, place: .peer, title: "other", nowMS: 20)
        tree.start(pid: 7, place: .nested, parent: 99, title: "orphan", nowMS: 30)
        #expect(tree.runs.map(\.place) == [.own, .before, .peer, .nested])
        #expect(tree.runs.map(\.parent) == [nil, nil, nil, 0])
    }
}
