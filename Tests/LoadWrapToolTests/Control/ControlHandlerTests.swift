import LoadWrapCore
import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// What the control handler makes of nested runs: a start line for a run alone, none for one that
/// holds its output beside a sibling or runs inside one that does, and rows for siblings.
@Suite struct ControlHandlerTests {
    @Test func aHeldStepAndWhatRunsInsideItGetNoStartLine() {
        let handler = ControlHandler(title: "build", upstream: nil, utf8: true, nowMS: 0)
        #expect(handler.handle(.push(pid: 1, title: "a"), nowMS: 0) == [.title("build › a", restored: false)])
        #expect(handler.handle(.hold(pid: 2), nowMS: 0).isEmpty)
        #expect(handler.handle(.push(pid: 2, title: "b"), nowMS: 0) == [
            .titleBesideSibling("build"), .rows([SiblingRow(id: 1, title: "a"), SiblingRow(id: 2, title: "b")]),
        ])
        #expect(handler.handle(.push(pid: 3, parent: 2, title: "tests"), nowMS: 0) == [
            .titleBesideSibling("build"), .rows([SiblingRow(id: 1, title: "a"), SiblingRow(id: 2, title: "b › tests")]),
        ])
        #expect(handler.handle(.pop(pid: 1), nowMS: 0) == [.title("build › b › tests", restored: true), .rows([])])
    }
}
