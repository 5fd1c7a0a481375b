import Testing

@testable import LoadWrapCore
@testable import LoadWrapTool

/// A pattern that makes Swift's Regex backtrack exponentially (`(a+)+$`: 18 a's then `b` take it
/// about 19 s, each two more six times longer) must not stall loadwrap's loop, which relays the
/// output and handles Ctrl-C. The automaton answers these lines in one pass, so Regex never sees
/// them; before it, the first of these lines hung loadwrap.
@Suite(.timeLimit(.minutes(1))) struct CatastrophicPatternTests {
    /// Lines Regex would take longer than the age of the universe on: 60 a's then a `b`.
    let slowLines = String(repeating: String(repeating: "a", count: 60) + "b\n", count: 200)

    /// Feeds `text` as one chunk.
    func feed(_ watch: LineWatch, _ text: String) -> Bool {
        Array(text.utf8).withUnsafeBytes { watch.feed($0) }
    }

    @Test func untilPassesOverLinesThatDoNotMatch() throws {
        let watch = try LineWatch(WatchPattern("(a+)+$"))
        #expect(feed(watch, slowLines) == false)
        #expect(feed(watch, "aaa\n") == true)
    }

    @Test func untilMatchesWithoutRegexWhenTheBytesDecide() throws {
        // Regex, finding this match, would first backtrack through the 60 a's before the `b`.
        let watch = try LineWatch(WatchPattern("(a+)+$"))
        #expect(feed(watch, String(repeating: "a", count: 60) + "ba\n") == true)
    }

    @Test func nonASCIILinesAreDecidedOnTheirCharacters() throws {
        // `é` makes the bytes undecided; on Characters, no `a` matches it, so Regex is not run.
        let watch = try LineWatch(WatchPattern("(a+)+$"))
        #expect(feed(watch, String(repeating: "a", count: 60) + "é\n") == false)
        #expect(feed(watch, "\u{1B}[1m" + String(repeating: "a", count: 60) + "b\n") == false)
    }

    @Test func progressPassesOverLinesThatDoNotMatch() throws {
        let watch = try ProgressWatch(ProgressPattern("(?<pct>[0-9]+)%(a+)+$"))
        let lines = String(repeating: "50%" + String(repeating: "a", count: 60) + "b\n", count: 200)
        #expect(Array(lines.utf8).withUnsafeBytes { watch.feed($0) } == nil)
        #expect(Array("7%aa\n".utf8).withUnsafeBytes { watch.feed($0) } == LoadProgress(percent: 7))
    }
}
