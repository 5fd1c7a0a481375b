import Testing

@testable import LoadWrapTool

@Suite struct ColorChoiceTests {
    @Test(arguments: [
        (ColorRequest.never, Mode.overlay, ["TERM": "xterm"], false),
        (.always, .plain, ["NO_COLOR": "1", "TERM": "dumb"], true),
        (.always, .overlay, ["NO_COLOR": "1"], true),
        (.auto, .overlay, ["TERM": "xterm"], true),
        (.auto, .overlay, [:], true),
        (.auto, .overlay, ["TERM": "xterm", "NO_COLOR": "1"], false),
        (.auto, .overlay, ["TERM": "xterm", "NO_COLOR": ""], true),
        (.auto, .overlay, ["TERM": "dumb"], false),
        (.auto, .plain, ["TERM": "xterm"], false),
        (.auto, .silent, ["TERM": "xterm"], false),
    ])
    func table(request: ColorRequest, mode: Mode, environment: [String: String], expected: Bool) {
        #expect(ColorChoice.enabled(request: request, mode: mode, environment: environment) == expected)
    }

    @Test func noColorKeepsTheSpinner() {
        let environment = ["TERM": "xterm", "NO_COLOR": "1"]
        #expect(ModeChoice.choose(request: .auto, stderrIsTerminal: true, environment: environment) == .overlay)
        #expect(!ColorChoice.enabled(request: .auto, mode: .overlay, environment: environment))
    }
}
