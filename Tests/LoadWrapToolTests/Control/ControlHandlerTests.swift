import LoadWrapCore
import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// What the control handler makes of nested runs: a start line for a run alone, none for one that
/// holds its output beside a sibling or runs inside one that does, and rows for siblings.
@Suite struct ControlHandlerTests {
    @Test func aHeldStepAndWhatRunsInsideItGetNoStartLine() {
        let handler = ControlHandler(title: "build", upstream: nil, utf8: true, nowMS: 0)
        #expect(handler.handle(.push(pid: 1, title: "a"), nowMS: 0) == [.nestedRunStarted, .title("build › a", restored: false)])
        #expect(handler.handle(.hold(pid: 2), nowMS: 0).isEmpty)
        #expect(handler.handle(.push(pid: 2, title: "b"), nowMS: 0) == [
            .nestedRunStarted, .titleBesideSibling("build"), .rows([SiblingRow(id: 1, title: "a"), SiblingRow(id: 2, title: "b")]),
        ])
        #expect(handler.handle(.push(pid: 3, parent: 2, title: "tests"), nowMS: 0) == [
            .nestedRunStarted, .titleBesideSibling("build"), .rows([SiblingRow(id: 1, title: "a"), SiblingRow(id: 2, title: "b › tests")]),
        ])
        #expect(handler.handle(.pop(pid: 1), nowMS: 0) == [.title("build › b › tests", restored: true), .rows([])])
    }

    /// A run nested in a nested run has no log of its own: its end comes out as a step's end, to
    /// be written from the tree; a run this one's command started writes its own, as does one
    /// whose output is held with a held step's.
    @Test func aRunNestedInANestedRunEndsAsAStep() throws {
        let handler = ControlHandler(title: "build", upstream: nil, utf8: true, nowMS: 0)
        _ = handler.handle(.push(pid: 1, title: "outer2"), nowMS: 0)
        _ = handler.handle(.push(pid: 2, parent: 1, title: "test"), nowMS: 100)
        let effects = handler.handle(.pop(pid: 2, status: .exited(3), usualMS: 50), nowMS: 300)
        #expect(effects.first == .title("build › outer2", restored: true))
        guard case .stepEnded(let run)? = effects.last else { Issue.record("no step end: \(effects)"); return }
        #expect(run.title == "test" && run.startMS == 100 && run.endMS == 300 && run.usualMS == 50)
        #expect(run.endLine(ReportLines(utf8: true, color: false)) == "✖ test · exit 3 · 0.2s\n")
        #expect(handler.handle(.pop(pid: 1, status: .exited(3)), nowMS: 400) == [.title("build", restored: true)])
        _ = handler.handle(.hold(pid: 5), nowMS: 500)
        _ = handler.handle(.push(pid: 5, title: "held"), nowMS: 500)
        _ = handler.handle(.push(pid: 6, parent: 5, title: "inside"), nowMS: 500)
        #expect(!handler.handle(.pop(pid: 6, status: .exited(0)), nowMS: 600).contains { if case .stepEnded = $0 { true } else { false } })
    }

    /// A step slower than usual says so in the end line the tree gives it.
    @Test func aSlowStepsEndLineSaysItsUsualTime() {
        var tree = RunTree(base: "build", nowMS: 0, keepsEnded: true)
        tree.start(pid: 1, place: .nested, title: "swift test", nowMS: 0)
        let run = tree.end(pid: 1, status: .exited(0), usualMS: 72_000, nowMS: 118_000)
        #expect(run?.slowerThanUsual == true)
        #expect(run?.endLine(ReportLines(utf8: true, color: false)) == "✔ swift test · 1m58s · usually 1m12s\n")
        tree.finish(status: .exited(0), usualMS: 200_000, nowMS: 118_500)
        #expect(tree.own.usualMS == 200_000 && !tree.own.slowerThanUsual)
    }

    /// A run's command line goes into its record and changes nothing shown; one for a pid not
    /// running is dropped.
    @Test func aCommandLineIsKeptInTheRunsRecord() {
        let handler = ControlHandler(title: "build", upstream: nil, utf8: true, nowMS: 0, keepsEnded: true)
        _ = handler.handle(.push(pid: 1, title: "step a"), nowMS: 0)
        #expect(handler.handle(.command(pid: 1, line: "make a"), nowMS: 5).isEmpty)
        #expect(handler.handle(.command(pid: 9, line: "make z"), nowMS: 5).isEmpty)
        _ = handler.handle(.pop(pid: 1, status: .exited(0)), nowMS: 10)
        #expect(handler.tree.runs.map(\.command) == [nil, "make a"])
    }
}
