import Testing

@testable import LoadWrapTool

/// loadwrap's own lines forge no command of the CI whose log they go to.
@Suite struct CIServiceTests {
    /// The Azure agent runs `##vso[` found anywhere in a line; a word joiner breaks it.
    @Test func azureCommandsAreBrokenAnywhereInTheLine() {
        let line = "▸ echo ##vso[task.setvariable variable=x]y ##vso[task.complete result=Failed]\n"
        #expect(CIService.azure.defanged(line)
            == "▸ echo #\u{2060}#vso[task.setvariable variable=x]y #\u{2060}#vso[task.complete result=Failed]\n")
    }

    @Test func teamCityMessagesAreBroken() {
        #expect(CIService.teamcity.defanged("✔ ##teamcity[buildStatus text='x'] · 1.0s\n")
            == "✔ #\u{2060}#teamcity[buildStatus text='x'] · 1.0s\n")
    }

    /// A failed run's end line on the summary page, as the service's data: `%` escaped each way.
    @Test func failureAnnotations() {
        let summary = "✖ make 100%0A · exit 2 · 3.1s"
        #expect(CIService.github.failureAnnotation(summary) == "::error title=loadwrap::✖ make 100%250A · exit 2 · 3.1s\n")
        #expect(CIService.azure.failureAnnotation(summary)
            == "##vso[task.logissue type=error]✖ make 100%AZP250A · exit 2 · 3.1s\n")
        for service in [CIService.gitlab, .buildkite, .teamcity] { #expect(service.failureAnnotation(summary) == nil) }
    }

    /// GitHub and Buildkite read commands only at a line's start, where loadwrap's mark is.
    @Test func servicesThatReadLineStartsOnlyLeaveTheTextAlone() {
        for service in [CIService.github, .gitlab, .buildkite] {
            #expect(service.defanged("▸ ::error::x ##vso[y] --- z\n") == "▸ ::error::x ##vso[y] --- z\n")
        }
    }
}
