import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// A plain run's CI reporting: its group opened and closed once, a failure annotated unless told not.
@Suite struct PlainPresenterCITests {
    @Test func theGroupClosesOnceWithTheHeaderItOpenedWith() {
        var ci = PlainPresenter.CI(service: .teamcity, group: CIService.teamcity.group(name: "g"))
        #expect(ci.closeGroup(failed: false) == nil, "none open yet")
        #expect(ci.openGroup(header: "> build") == "##teamcity[blockOpened name='> build']\n")
        #expect(ci.closeGroup(failed: true) == "##teamcity[blockClosed name='> build']\n")
        #expect(ci.closeGroup(failed: true) == nil)
    }

    @Test func noGroupOpensNone() {
        var ci = PlainPresenter.CI()
        #expect(ci.openGroup(header: "> build") == nil)
        #expect(ci.closeGroup(failed: true) == nil)
    }

    @Test func aFailureIsAnnotatedOnlyWhenAsked() {
        #expect(PlainPresenter.CI(service: .github, annotates: true).annotation("FAIL t")
            == "::error title=loadwrap::FAIL t\n")
        #expect(PlainPresenter.CI(service: .github, annotates: false).annotation("FAIL t") == nil)
        #expect(PlainPresenter.CI(service: .gitlab, annotates: true).annotation("FAIL t") == nil)
    }
}
