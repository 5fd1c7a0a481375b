import Testing
@testable import LoadWrapKit

/// The environment `variables` as a lookup.
private func environment(_ variables: [String: String]) -> IndicatorEnvironment {
    IndicatorEnvironment.from(variables)
}

@Test func colourAndUTF8ByDefaultOnAUTF8Locale() {
    let env = environment(["LANG": "en_US.UTF-8", "TERM": "xterm-256color"])
    #expect(env.color && env.utf8 && !env.dumbTerminal)
}

@Test func noColorMakesItMonochromeButStillDrawn() {
    let env = environment(["LANG": "en_US.UTF-8", "NO_COLOR": "1"])
    #expect(!env.color && !env.dumbTerminal)
}

@Test func emptyNoColorIsIgnored() {
    #expect(environment(["NO_COLOR": ""]).color)
}

@Test func dumbTerminalDrawsNothing() {
    let env = environment(["TERM": "dumb", "LANG": "C.UTF-8"])
    #expect(env.dumbTerminal && !env.color)
}

@Test func localeFollowsPOSIXPrecedence() {
    #expect(environment(["LC_ALL": "C", "LANG": "en_US.UTF-8"]).utf8 == false)
    #expect(environment(["LC_ALL": "", "LC_CTYPE": "de_DE.utf8", "LANG": "C"]).utf8)
    #expect(environment(["LANG": "ja_JP.UTF-8"]).utf8)
    #expect(environment(["LANG": "en_US.ISO-8859-1"]).utf8 == false)
}

@Test func noLocaleIsASCII() {
    #expect(environment([:]).utf8 == false)
}
