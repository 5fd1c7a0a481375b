import Testing

import LoadWrapCore
@testable import LoadWrapRuns

/// The live views over the run tree: what the line and the rows show. The messages a run sends,
/// as the control handler passes them on, at time 0: none of these views reads a time.
extension RunTree {
    fileprivate init(base: String) { self.init(base: base, nowMS: 0) }
    fileprivate mutating func push(pid: Int32, parent: Int32 = 0, title: String) {
        start(pid: pid, place: .nested, parent: parent, title: title, nowMS: 0)
    }
    fileprivate mutating func join(pid: Int32, title: String, before: Bool) {
        start(pid: pid, place: before ? .before : .after, title: title, nowMS: 0)
    }
    fileprivate mutating func peer(pid: Int32, title: String) { start(pid: pid, place: .peer, title: title, nowMS: 0) }
    fileprivate mutating func pop(pid: Int32) { end(pid: pid, nowMS: 0) }
}

@Suite struct RunTreeViewTests {
    @Test func showsTheBaseAlone() {
        #expect(RunTree(base: "Building").display(utf8: true) == "Building")
    }

    @Test func showsNestedTitlesInTheOrderTheyStarted() {
        var tree = RunTree(base: "outer")
        tree.push(pid: 30, title: "middle")
        tree.push(pid: 20, parent: 30, title: "inner")
        #expect(tree.display(utf8: true) == "outer › middle › inner")
    }

    @Test func joinsWithASCIIWhenTheTerminalIsNotUTF8() {
        var tree = RunTree(base: "outer")
        tree.push(pid: 30, title: "middle")
        tree.push(pid: 20, parent: 30, title: "inner")
        #expect(tree.display(utf8: false) == "outer > middle > inner")
    }

    @Test func popRemovesOnlyThatPid() {
        var tree = RunTree(base: "outer")
        tree.push(pid: 1, title: "a")
        tree.push(pid: 2, parent: 1, title: "b")
        tree.push(pid: 3, parent: 2, title: "c")
        tree.pop(pid: 2)
        #expect(tree.display(utf8: true) == "outer › a › c")
        tree.pop(pid: 3)
        tree.pop(pid: 1)
        #expect(tree.display(utf8: true) == "outer")
    }

    @Test func popOfAnUnknownPidChangesNothing() {
        var tree = RunTree(base: "outer")
        tree.push(pid: 1, title: "a")
        tree.pop(pid: 99)
        #expect(tree.display(utf8: true) == "outer › a")
        tree.pop(pid: 1)
        tree.pop(pid: 1)
        #expect(tree.display(utf8: true) == "outer")
    }

    @Test func aPidSeenAgainRenamesItsEntryInPlace() {
        // A nested run's `loadwrap say` arrives as a new push for its pid: its place in the chain stays.
        var tree = RunTree(base: "outer")
        tree.push(pid: 1, title: "a")
        tree.push(pid: 2, parent: 1, title: "b")
        tree.push(pid: 1, title: "a2")
        #expect(tree.display(utf8: true) == "outer › a2 › b")
        tree.pop(pid: 1)
        #expect(tree.display(utf8: true) == "outer › b")
    }

    @Test func sayChangesTheBaseAndKeepsNestedTitles() {
        var tree = RunTree(base: "outer")
        tree.push(pid: 1, title: "inner")
        tree.say("Uploading 3/10", nowMS: 0)
        #expect(tree.display(utf8: true) == "Uploading 3/10 › inner")
    }

    @Test func pipelineNeighboursJoinWithABarOnTheirSide() {
        var tree = RunTree(base: "mid")
        tree.join(pid: 2, title: "parse", before: false)
        tree.join(pid: 1, title: "gen", before: true)
        tree.push(pid: 3, title: "inner")
        #expect(tree.display(utf8: true) == "gen | mid › inner | parse")
        tree.join(pid: 2, title: "parsing", before: false)
        #expect(tree.display(utf8: false) == "gen | mid > inner | parsing")
        tree.pop(pid: 1)
        tree.pop(pid: 3)
        #expect(tree.display(utf8: true) == "mid | parsing")
    }

    @Test func siblingsBecomeRowsUnderTheLine() {
        var tree = RunTree(base: "build")
        tree.push(pid: 1, title: "step a")
        #expect(tree.display(utf8: true) == "build › step a")
        #expect(tree.rows(utf8: true).isEmpty)
        tree.push(pid: 2, title: "step b")
        tree.push(pid: 3, parent: 2, title: "tests")
        #expect(tree.display(utf8: true) == "build")
        #expect(tree.rows(utf8: true) == [SiblingRow(id: 1, title: "step a"), SiblingRow(id: 2, title: "step b › tests")])
        tree.pop(pid: 1)
        #expect(tree.display(utf8: false) == "build > step b > tests")
        #expect(tree.rows(utf8: true).isEmpty)
    }

    @Test func siblingsDeeperDownAreRowsUnderTheChainAboveThem() {
        var tree = RunTree(base: "ci")
        tree.push(pid: 1, title: "build")
        tree.push(pid: 2, parent: 1, title: "a")
        tree.push(pid: 3, parent: 1, title: "b")
        tree.setProgress(LoadProgress(percent: 30), pid: 3)
        #expect(tree.display(utf8: true) == "ci › build")
        #expect(tree.rows(utf8: true) == [
            SiblingRow(id: 2, title: "a"), SiblingRow(id: 3, title: "b", progress: LoadProgress(percent: 30)),
        ])
    }

    @Test func runsBesideItInNoPipelineAreRowsWithWhatTheyRun() {
        var tree = RunTree(base: "one")
        tree.peer(pid: 7, title: "two")
        tree.push(pid: 8, parent: 7, title: "fetch")
        tree.push(pid: 1, title: "inner")
        #expect(tree.display(utf8: true) == "one › inner")
        #expect(tree.rows(utf8: true) == [SiblingRow(id: 7, title: "two › fetch")])
        tree.pop(pid: 8)
        #expect(tree.rows(utf8: true) == [SiblingRow(id: 7, title: "two")])
        tree.pop(pid: 7)
        #expect(tree.rows(utf8: true).isEmpty)
    }
}
