import Testing

@testable import LoadWrapTool

@Suite struct OptionsTests {
    @Test func defaultTitleIsTheQuotedCommandLine() {
        #expect(Options(command: ["sh", "-c", "echo hi"]).resolvedTitle == "sh -c 'echo hi'")
        #expect(Options(title: "Build", command: ["make"]).resolvedTitle == "Build")
    }

    @Test func defaultSpinnerFollowsTheLocale() {
        #expect(Options(command: ["x"]).resolvedSpinner(localeIsUTF8: true) == .dots)
        #expect(Options(command: ["x"]).resolvedSpinner(localeIsUTF8: false) == .line)
        #expect(Options(spinner: .dots, command: ["x"]).resolvedSpinner(localeIsUTF8: false) == .dots)
    }
}
