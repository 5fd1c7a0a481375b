import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

@Suite struct ResultRequestTests {
    @Test func whoGetsTheEndLine() {
        #expect(ResultRequest.always.shows(succeeded: true))
        #expect(ResultRequest.always.shows(succeeded: false))
        #expect(!ResultRequest.failure.shows(succeeded: true))
        #expect(ResultRequest.failure.shows(succeeded: false))
        #expect(!ResultRequest.never.shows(succeeded: true))
        #expect(!ResultRequest.never.shows(succeeded: false))
    }

    @Test func spellings() {
        #expect(ResultRequest.allCases.map(\.rawValue) == ["always", "failure", "never"])
    }
}
