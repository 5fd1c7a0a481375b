import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

@Suite struct LogGroupTests {
    /// Each service from its own variable, as its runner sets it.
    @Test func detection() {
        func group(_ environment: [String: String]) -> LogGroup? {
            CIService.detect(environment)?.group(name: "loadwrap_42")
        }
        #expect(group(["GITHUB_ACTIONS": "true"]) == .github)
        #expect(group(["GITLAB_CI": "true"]) == .gitlab(name: "loadwrap_42"))
        #expect(group(["GITHUB_ACTIONS": "true", "GITLAB_CI": "true"]) == .github)
        #expect(group(["CI": "true", "GITHUB_ACTIONS": "true"]) == .github)
        #expect(group(["BUILDKITE": "true"]) == .buildkite)
        #expect(group(["TF_BUILD": "True"]) == .azure)
        #expect(group(["TEAMCITY_VERSION": "2025.11 (build 204420)"]) == .teamcity)
    }

    @Test(arguments: [
        [:], ["CI": "true"], ["GITHUB_ACTIONS": ""], ["GITHUB_ACTIONS": "false"], ["GITLAB_CI": ""],
        ["GITLAB_CI": "false"], ["BUILDKITE": "false"], ["TF_BUILD": ""], ["TRAVIS": "true"], ["CIRCLECI": "true"],
    ])
    func noGroupElsewhere(environment: [String: String]) {
        #expect(CIService.detect(environment) == nil)
    }

    @Test func githubMarkers() {
        #expect(LogGroup.github.open(header: "▸ make -j8", unixTime: 1_700_000_000) == "::group::▸ make -j8\n")
        #expect(LogGroup.github.close(header: "▸ make -j8", failed: true, unixTime: 1_700_000_000) == "::endgroup::\n")
    }

    @Test func githubTitleIsEscapedAsWorkflowCommandData() {
        #expect(LogGroup.github.open(header: "▸ 100% done", unixTime: 0) == "::group::▸ 100%25 done\n")
        #expect(LogGroup.github.open(header: "▸ a%0Ab", unixTime: 0) == "::group::▸ a%250Ab\n")
        #expect(LogGroup.github.open(header: "a\r\nb\nc", unixTime: 0) == "::group::a%0D%0Ab%0Ac\n")
    }

    @Test func gitlabMarkers() {
        let group = LogGroup.gitlab(name: "loadwrap_42")
        #expect(
            group.open(header: "▸ make -j8", unixTime: 1_700_000_000)
                == "\u{1B}[0Ksection_start:1700000000:loadwrap_42[collapsed=true]\r\u{1B}[0K▸ make -j8\n")
        #expect(group.close(header: "▸ make -j8", failed: false, unixTime: 1_700_000_012)
            == "\u{1B}[0Ksection_end:1700000012:loadwrap_42\r\u{1B}[0K\n")
    }

    @Test func githubMarkersHaveNoEscapeByte() {
        let text = LogGroup.github.open(header: "> make", unixTime: 1) + LogGroup.github.close(header: "> make", failed: false, unixTime: 2)
        #expect(!text.utf8.contains(0x1B))
    }

    /// Buildkite has no end marker: a collapsed header, and after a failure the group expanded.
    @Test func buildkiteMarkers() {
        #expect(LogGroup.buildkite.open(header: "▸ make -j8", unixTime: 0) == "--- ▸ make -j8\n")
        #expect(LogGroup.buildkite.close(header: "▸ make -j8", failed: false, unixTime: 0) == "")
        #expect(LogGroup.buildkite.close(header: "▸ make -j8", failed: true, unixTime: 0) == "^^^ +++\n")
    }

    @Test func azureMarkers() {
        #expect(LogGroup.azure.open(header: "▸ make -j8", unixTime: 0) == "##[group]▸ make -j8\n")
        #expect(LogGroup.azure.close(header: "▸ make -j8", failed: true, unixTime: 0) == "##[endgroup]\n")
    }

    /// TeamCity's block is opened and closed by the same name, every special character escaped.
    @Test func teamCityMarkersEscapeTheName() {
        let header = "▸ it's [a|b] \r\n\u{85}\u{2028}\u{2029}##teamcity[x]"
        let name = "▸ it|'s |[a||b|] |r|n|x|l|p##teamcity|[x|]"
        #expect(LogGroup.teamcity.open(header: header, unixTime: 0) == "##teamcity[blockOpened name='\(name)']\n")
        #expect(LogGroup.teamcity.close(header: header, failed: false, unixTime: 0) == "##teamcity[blockClosed name='\(name)']\n")
    }
}
