import Testing

@testable import LoadWrapTool

@Suite struct ColorChoiceTests {
    @Test(arguments: [
        (ColorRequest.never, ["TERM": "xterm"], false),
        (.always, ["NO_COLOR": "1", "TERM": "dumb"], true),
        (.always, ["NO_COLOR": "1"], true),
        (.auto, ["TERM": "xterm"], true),
        (.auto, [:], true),
        (.auto, ["TERM": "xterm", "NO_COLOR": "1"], false),
        (.auto, ["TERM": "xterm", "NO_COLOR": ""], true),
        (.auto, ["TERM": "dumb"], false),
    ])
    func table(request: ColorRequest, environment: [String: String], expected: Bool) {
        #expect(ColorChoice.enabled(request: request, environment: environment) == expected)
    }

    @Test func noColorKeepsTheSpinner() {
        let environment = ["TERM": "xterm", "NO_COLOR": "1"]
        #expect(ModeChoice.choose(request: .auto, stderrIsTerminal: true, environment: environment) == .overlay)
        #expect(!ColorChoice.enabled(request: .auto, environment: environment))
    }
}
