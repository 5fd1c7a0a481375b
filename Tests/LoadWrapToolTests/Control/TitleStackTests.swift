import Testing

import LoadWrapCore
@testable import LoadWrapRuns
@testable import LoadWrapTool

@Suite struct TitleStackTests {
    @Test func showsTheBaseAlone() {
        #expect(TitleStack(base: "Building").display(utf8: true) == "Building")
    }

    @Test func showsNestedTitlesInTheOrderTheyStarted() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 30, title: "middle")
        stack.push(pid: 20, parent: 30, title: "inner")
        #expect(stack.display(utf8: true) == "outer › middle › inner")
    }

    @Test func joinsWithASCIIWhenTheTerminalIsNotUTF8() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 30, title: "middle")
        stack.push(pid: 20, parent: 30, title: "inner")
        #expect(stack.display(utf8: false) == "outer > middle > inner")
    }

    @Test func popRemovesOnlyThatPid() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 1, title: "a")
        stack.push(pid: 2, parent: 1, title: "b")
        stack.push(pid: 3, parent: 2, title: "c")
        stack.pop(pid: 2)
        #expect(stack.display(utf8: true) == "outer › a › c")
        stack.pop(pid: 3)
        stack.pop(pid: 1)
        #expect(stack.display(utf8: true) == "outer")
    }

    @Test func popOfAnUnknownPidChangesNothing() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 1, title: "a")
        stack.pop(pid: 99)
        #expect(stack.display(utf8: true) == "outer › a")
        stack.pop(pid: 1)
        stack.pop(pid: 1)
        #expect(stack.display(utf8: true) == "outer")
    }

    @Test func aPidSeenAgainRenamesItsEntryInPlace() {
        // A nested run's `loadwrap say` arrives as a new push for its pid: its place in the chain stays.
        var stack = TitleStack(base: "outer")
        stack.push(pid: 1, title: "a")
        stack.push(pid: 2, parent: 1, title: "b")
        stack.push(pid: 1, title: "a2")
        #expect(stack.display(utf8: true) == "outer › a2 › b")
        stack.pop(pid: 1)
        #expect(stack.display(utf8: true) == "outer › b")
    }

    @Test func sayChangesTheBaseAndKeepsNestedTitles() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 1, title: "inner")
        stack.base = "Uploading 3/10"
        #expect(stack.display(utf8: true) == "Uploading 3/10 › inner")
    }

    @Test func pipelineNeighboursJoinWithABarOnTheirSide() {
        var stack = TitleStack(base: "mid")
        stack.join(pid: 2, title: "parse", before: false)
        stack.join(pid: 1, title: "gen", before: true)
        stack.push(pid: 3, title: "inner")
        #expect(stack.display(utf8: true) == "gen | mid › inner | parse")
        stack.join(pid: 2, title: "parsing", before: false)
        #expect(stack.display(utf8: false) == "gen | mid > inner | parsing")
        stack.pop(pid: 1)
        stack.pop(pid: 3)
        #expect(stack.display(utf8: true) == "mid | parsing")
    }

    @Test func siblingsBecomeRowsUnderTheLine() {
        var stack = TitleStack(base: "build")
        stack.push(pid: 1, title: "step a")
        #expect(stack.display(utf8: true) == "build › step a")
        #expect(stack.rows(utf8: true).isEmpty)
        stack.push(pid: 2, title: "step b")
        stack.push(pid: 3, parent: 2, title: "tests")
        #expect(stack.display(utf8: true) == "build")
        #expect(stack.rows(utf8: true) == [SiblingRow(id: 1, title: "step a"), SiblingRow(id: 2, title: "step b › tests")])
        stack.pop(pid: 1)
        #expect(stack.display(utf8: false) == "build > step b > tests")
        #expect(stack.rows(utf8: true).isEmpty)
    }

    @Test func siblingsDeeperDownAreRowsUnderTheChainAboveThem() {
        var stack = TitleStack(base: "ci")
        stack.push(pid: 1, title: "build")
        stack.push(pid: 2, parent: 1, title: "a")
        stack.push(pid: 3, parent: 1, title: "b")
        stack.setProgress(LoadProgress(percent: 30), pid: 3)
        #expect(stack.display(utf8: true) == "ci › build")
        #expect(stack.rows(utf8: true) == [
            SiblingRow(id: 2, title: "a"), SiblingRow(id: 3, title: "b", progress: LoadProgress(percent: 30)),
        ])
    }

    @Test func runsBesideItInNoPipelineAreRowsWithWhatTheyRun() {
        var stack = TitleStack(base: "one")
        stack.peer(pid: 7, title: "two")
        stack.push(pid: 8, parent: 7, title: "fetch")
        stack.push(pid: 1, title: "inner")
        #expect(stack.display(utf8: true) == "one › inner")
        #expect(stack.rows(utf8: true) == [SiblingRow(id: 7, title: "two › fetch")])
        stack.pop(pid: 8)
        #expect(stack.rows(utf8: true) == [SiblingRow(id: 7, title: "two")])
        stack.pop(pid: 7)
        #expect(stack.rows(utf8: true).isEmpty)
    }
}
