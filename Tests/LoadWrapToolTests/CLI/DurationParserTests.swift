import Testing

@testable import LoadWrapTool

@Suite struct DurationParserTests {
    @Test(arguments: [
        ("250ms", 250), ("1.5s", 1_500), ("2m", 120_000), ("1h", 3_600_000),
        ("3", 3_000), ("0.25", 250), ("0", 0), ("0ms", 0), (".5s", 500), ("2.", 2_000),
        ("1.5ms", 2), ("0.0004s", 1), ("0.0005s", 1), ("0.1m", 6_000), ("007s", 7_000),
        ("1.0000000001s", 1_000), ("100", 100_000),
    ])
    func accepts(text: String, expected: Int) {
        #expect(DurationParser.milliseconds(text) == expected)
    }

    @Test(arguments: [
        "", "-1", "-1s", "+1s", "1.5.5", "s", "ms", ".", ".s", "5x", "1 s", " 1s", "1s ", "1e3",
        "1S", "1sec", "inf", "nan", "１s", "99999999999999999999", "9999999999999999h", "3000000000000h",
    ])
    func rejects(text: String) {
        #expect(DurationParser.milliseconds(text) == nil)
    }
}

/// A duration near the top of `Int` is cut to 100 years: added to a clock reading it would
/// overflow and crash loadwrap (found by the argument fuzz test).
@Test func hugeDurationsAreCutToAHundredYears() {
    #expect(DurationParser.milliseconds("2562047788015h") == DurationParser.longestMS)
    #expect(DurationParser.milliseconds("9223372036854775ms") == DurationParser.longestMS)
    #expect(DurationParser.milliseconds("1000000h") == DurationParser.longestMS)
    #expect(DurationParser.milliseconds("1000h") == 3_600_000_000)
}
