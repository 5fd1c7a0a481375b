import Testing

@testable import LoadWrapTool

@Suite struct CIDetectorTests {
    @Test(arguments: [
        ["CI": "true"], ["CI": "1"], ["CI": "yes"], ["CI": "woodpecker"],
        ["GITHUB_ACTIONS": "true"], ["GITLAB_CI": "true"], ["BUILDKITE": "true"], ["CIRCLECI": "true"],
        ["TRAVIS": "true"], ["TF_BUILD": "True"], ["TEAMCITY_VERSION": "2024.1"],
        ["BITBUCKET_BUILD_NUMBER": "7"], ["DRONE": "true"], ["CODEBUILD_BUILD_ID": "b:1"],
        ["APPVEYOR": "True"], ["JENKINS_URL": "https://ci/", "BUILD_ID": "12"],
        ["CI": "false", "GITHUB_ACTIONS": "true"],
    ])
    func detects(environment: [String: String]) {
        #expect(CIDetector.isCI(environment))
    }

    @Test(arguments: [
        [:], ["CI": "false"], ["CI": "FALSE"], ["CI": "0"], ["CI": ""], ["GITHUB_ACTIONS": ""],
        ["BUILDKITE": "false"], ["GITLAB_CI": "0"], ["TF_BUILD": "False"], ["TEAMCITY_VERSION": ""], ["GITHUB_ACTIONS": "false"],
        ["JENKINS_URL": "https://ci/"], ["BUILD_ID": "12"], ["TERM": "xterm", "HOME": "/root"],
    ])
    func ignores(environment: [String: String]) {
        #expect(!CIDetector.isCI(environment))
    }
}
