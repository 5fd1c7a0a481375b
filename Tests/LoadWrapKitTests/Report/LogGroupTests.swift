import Testing

@testable import LoadWrapKit

@Suite struct LogGroupTests {
    @Test func detection() {
        #expect(LogGroup.detect(["GITHUB_ACTIONS": "true"], name: "g") == .github)
        #expect(LogGroup.detect(["GITLAB_CI": "true"], name: "loadwrap_42") == .gitlab(name: "loadwrap_42"))
        #expect(LogGroup.detect(["GITHUB_ACTIONS": "true", "GITLAB_CI": "true"], name: "g") == .github)
        #expect(LogGroup.detect(["CI": "true", "GITHUB_ACTIONS": "true"], name: "g") == .github)
    }

    @Test(arguments: [
        [:], ["CI": "true"], ["GITHUB_ACTIONS": ""], ["GITHUB_ACTIONS": "false"], ["GITLAB_CI": ""],
        ["GITLAB_CI": "false"], ["BUILDKITE": "true"], ["TF_BUILD": "True"],
    ])
    func noGroupElsewhere(environment: [String: String]) {
        #expect(LogGroup.detect(environment, name: "g") == nil)
    }

    @Test func githubMarkers() {
        #expect(LogGroup.github.open(header: "▸ make -j8", unixTime: 1_700_000_000) == "::group::▸ make -j8\n")
        #expect(LogGroup.github.close(unixTime: 1_700_000_000) == "::endgroup::\n")
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
        #expect(group.close(unixTime: 1_700_000_012) == "\u{1B}[0Ksection_end:1700000012:loadwrap_42\r\u{1B}[0K\n")
    }

    @Test func githubMarkersHaveNoEscapeByte() {
        let text = LogGroup.github.open(header: "> make", unixTime: 1) + LogGroup.github.close(unixTime: 2)
        #expect(!text.utf8.contains(0x1B))
    }
}
