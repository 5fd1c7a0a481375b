import Testing

@testable import LoadWrapTool

@Suite struct ModeChoiceTests {
    static let terminal = ["TERM": "xterm-256color"]

    @Test(arguments: [
        (true, ["TERM": "xterm-256color"], Mode.overlay),
        (true, [:], .overlay),
        (false, ["TERM": "xterm-256color"], .plain),
        (true, ["TERM": "dumb"], .plain),
        (true, ["TERM": "xterm", "CI": "true"], .plain),
        (true, ["TERM": "xterm", "CI": "false"], .overlay),
        (true, ["TERM": "xterm", "GITHUB_ACTIONS": "true"], .plain),
    ])
    func auto(stderrIsTerminal: Bool, environment: [String: String], expected: Mode) {
        #expect(
            ModeChoice.choose(request: .auto, stderrIsTerminal: stderrIsTerminal, environment: environment) == expected)
    }

    @Test func explicitRequestWins() {
        let ci = ["TERM": "dumb", "CI": "1"]
        #expect(ModeChoice.choose(request: .overlay, stderrIsTerminal: false, environment: ci) == .overlay)
        #expect(ModeChoice.choose(request: .plain, stderrIsTerminal: true, environment: Self.terminal) == .plain)
        #expect(ModeChoice.choose(request: .silent, stderrIsTerminal: true, environment: Self.terminal) == .silent)
        #expect(ModeChoice.choose(request: .silent, stderrIsTerminal: false, environment: ci) == .silent)
    }
}
