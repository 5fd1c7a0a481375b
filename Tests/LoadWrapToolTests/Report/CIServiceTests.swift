import Testing

@testable import LoadWrapTool

/// Which CI a log belongs to, and the annotation its summary page gets for a failure.
@Suite struct CIServiceTests {
    /// A failed run's end line on the summary page, as the service's data: `%` escaped each way.
    @Test func failureAnnotations() {
        let summary = "✖ make 100%0A · exit 2 · 3.1s"
        #expect(CIService.github.failureAnnotation(summary) == "::error title=loadwrap::✖ make 100%250A · exit 2 · 3.1s\n")
        #expect(CIService.azure.failureAnnotation(summary)
            == "##vso[task.logissue type=error]✖ make 100%AZP250A · exit 2 · 3.1s\n")
        for service in [CIService.gitlab, .buildkite, .teamcity] { #expect(service.failureAnnotation(summary) == nil) }
    }
}
