import Testing

@testable import LoadWrapTool

@Suite struct TitleStackTests {
    @Test func showsTheBaseAlone() {
        #expect(TitleStack(base: "Building").display(utf8: true) == "Building")
    }

    @Test func showsNestedTitlesInTheOrderTheyStarted() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 30, title: "middle")
        stack.push(pid: 20, title: "inner")
        #expect(stack.display(utf8: true) == "outer › middle › inner")
    }

    @Test func joinsWithASCIIWhenTheTerminalIsNotUTF8() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 30, title: "middle")
        stack.push(pid: 20, title: "inner")
        #expect(stack.display(utf8: false) == "outer > middle > inner")
    }

    @Test func popRemovesOnlyThatPid() {
        var stack = TitleStack(base: "outer")
        stack.push(pid: 1, title: "a")
        stack.push(pid: 2, title: "b")
        stack.push(pid: 3, title: "c")
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
        stack.push(pid: 2, title: "b")
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
}
