import Testing

@testable import LoadWrapTool

@Suite struct SuggestionTests {
    static let options = [
        "--title", "--spinner", "--list-spinners", "--delay", "--mode", "--color", "--version", "--help",
    ]

    @Test(arguments: [
        ("a", "a", 0), ("", "abc", 3), ("kitten", "sitting", 3), ("--spiner", "--spinner", 1),
        ("--tilte", "--title", 1), ("--colour", "--color", 1), ("abc", "", 3),
    ])
    func editDistance(a: String, b: String, expected: Int) {
        #expect(Suggestion.editDistance(a, b) == expected)
    }

    @Test func nearestByDistanceThenUniquePrefix() {
        #expect(Suggestion.closest(to: "--spiner", among: Self.options) == "--spinner")
        #expect(Suggestion.closest(to: "--colour", among: Self.options) == "--color")
        #expect(Suggestion.closest(to: "--spin", among: Self.options) == "--spinner")
        #expect(Suggestion.closest(to: "--list", among: Self.options) == "--list-spinners")
        #expect(Suggestion.closest(to: "--zzz", among: Self.options) == nil)
        #expect(Suggestion.closest(to: "-x", among: Self.options) == nil)
        #expect(Suggestion.closest(to: "-version", among: Self.options) == "--version")
    }

    @Test func ambiguousPrefixSuggestsNothing() {
        #expect(Suggestion.closest(to: "ab", among: ["abcdef", "abcxyz"]) == nil)
    }
}
