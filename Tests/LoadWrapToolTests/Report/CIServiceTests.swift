import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// Which CI a log belongs to, and the annotation its summary page gets for a failure.
@Suite struct CIServiceTests {
    /// Each service by its documented value only: `BUILDKITE=false` or an empty value is no service.
    @Test func servicesAreToldByTheirDocumentedValue() {
        let told: [([String: String], CIService?)] = [
            (["GITHUB_ACTIONS": "true"], .github), (["GITLAB_CI": "true"], .gitlab), (["BUILDKITE": "true"], .buildkite),
            (["TF_BUILD": "True"], .azure), (["TEAMCITY_VERSION": "2025.11"], .teamcity),
            (["BUILDKITE": "false"], nil), (["BUILDKITE": ""], nil), (["GITLAB_CI": "false"], nil), (["GITLAB_CI": "1"], nil),
            (["TF_BUILD": "False"], nil), (["TF_BUILD": ""], nil), (["TEAMCITY_VERSION": ""], nil), (["GITHUB_ACTIONS": "1"], nil),
            (["BUILDKITE": "false", "TF_BUILD": "True"], .azure),
        ]
        for (environment, service) in told { #expect(CIService.detect(environment) == service, "\(environment)") }
    }

    /// A failed run's end line on the summary page, as the service's data: `%` escaped each way.
    @Test func failureAnnotations() {
        let summary = "✖ make 100%0A · exit 2 · 3.1s"
        #expect(CIService.github.failureAnnotation(summary) == "::error title=loadwrap::✖ make 100%250A · exit 2 · 3.1s\n")
        #expect(CIService.azure.failureAnnotation(summary)
            == "##vso[task.logissue type=error]✖ make 100%AZP250A · exit 2 · 3.1s\n")
        for service in [CIService.gitlab, .buildkite, .teamcity] { #expect(service.failureAnnotation(summary) == nil) }
    }
}
