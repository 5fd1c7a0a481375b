import Testing

@testable import LoadWrapTool

@Suite struct LineWatchTests {
    /// Feeds `chunks` in turn; the result of each feed.
    func feed(_ watch: LineWatch, _ chunks: String...) -> [Bool] {
        chunks.map { chunk in Array(chunk.utf8).withUnsafeBytes { watch.feed($0) } }
    }

    /// The error `--until pattern` is refused with, or nil when the pattern compiles.
    func error(_ pattern: String) -> UsageError? {
        do {
            _ = try ArgumentParser.parse(["--until", pattern, "true"])
            return nil
        } catch {
            return error
        }
    }

    @Test func matchesAWholeLine() throws {
        let watch = try LineWatch(WatchPattern("Listening on [0-9]+"))
        #expect(feed(watch, "Compiling…\n", "Listening on 3000\n") == [false, true])
    }

    @Test func matchesALineSplitAcrossChunks() throws {
        let watch = try LineWatch(WatchPattern("Listening on"))
        #expect(feed(watch, "starting\nListe", "ning", " on 3000\n") == [false, false, true])
    }

    @Test func doesNotMatchAcrossLines() throws {
        let watch = try LineWatch(WatchPattern("Listening on"))
        #expect(feed(watch, "Listening\n", " on\n", "Listening\r", " on") == [false, false, false, false])
    }

    @Test func matchesAPartialLine() throws {
        // A prompt such as "Ready> " never gets its newline while the command waits.
        let watch = try LineWatch(WatchPattern("Ready>"))
        #expect(feed(watch, "Ready> ") == [true])
    }

    @Test func carriageReturnsSeparateSegments() throws {
        let progress = try LineWatch(WatchPattern("^100%$"))
        #expect(feed(progress, "10%\r50%\r", "100%\r\n") == [false, true])
        let across = try LineWatch(WatchPattern("50%.*100%"))
        #expect(feed(across, "50%\r100%\r\n") == [false])
    }

    @Test func anchorsApplyToEachLine() throws {
        let watch = try LineWatch(WatchPattern("^done$"))
        #expect(feed(watch, "not done\n", "done yet\n") == [false, false])
        let again = try LineWatch(WatchPattern("^done$"))
        #expect(feed(again, "not done\ndone\n") == [true])
    }

    @Test func colourEscapesInsideWordsAreIgnored() throws {
        let watch = try LineWatch(WatchPattern("Listening on 3000"))
        #expect(feed(watch, "\u{1B}[1mListen\u{1B}[32ming\u{1B}[0m on \u{1B}]8;;http://x\u{1B}\\3000\n") == [true])
    }

    @Test func anEscapeSplitAcrossChunksIsIgnored() throws {
        let watch = try LineWatch(WatchPattern("Listening"))
        #expect(feed(watch, "Listen\u{1B}[3", "2ming\n") == [false, true])
    }

    @Test func aUTF8CharacterSplitAcrossChunksMatches() throws {
        let watch = try LineWatch(WatchPattern("prêt"))
        let bytes = Array("prêt\n".utf8)
        let results = [bytes[0..<3], bytes[3...]].map { chunk in Array(chunk).withUnsafeBytes { watch.feed($0) } }
        #expect(results == [false, true])
    }

    @Test func anEmptyChunkDoesNothing() throws {
        let watch = try LineWatch(WatchPattern(".*"))
        #expect(feed(watch, "", "\n", "\r\n") == [false, false, false])
        #expect(feed(watch, "x") == [true])
    }

    @Test func aLineWithoutEndKeepsItsLast16KiB() throws {
        // "a" then 16,383 bytes: the whole 16 KiB is kept, so "a…b" still matches.
        let kept = try LineWatch(WatchPattern("a.*b"))
        #expect(feed(kept, "a" + String(repeating: "x", count: 16_383), "b") == [false, true])
        // One byte more and the "a" falls out of the kept line.
        let cut = try LineWatch(WatchPattern("a.*b"))
        #expect(feed(cut, "a" + String(repeating: "x", count: 16_384), "b") == [false, false])
    }

    @Test func theCapHoldsAcrossManyChunks() throws {
        let watch = try LineWatch(WatchPattern("a.*b"))
        let chunks = ["a"] + Array(repeating: String(repeating: "x", count: 4_096), count: 4) + ["b"]
        #expect(chunks.map { feed(watch, $0)[0] } == [false, false, false, false, false, false])
        #expect(feed(watch, "\na-b\n") == [true])
    }

    @Test func invalidPatternNamesThePosition() {
        guard case .invalidPattern(let pattern, _, _, let position)? = error("(") else {
            Issue.record("'(' compiled")
            return
        }
        #expect(pattern == "(")
        #expect(position == 2)
        guard case .invalidPattern(let pattern2, _, _, let position2)? = error("ab)") else {
            Issue.record("'ab)' compiled")
            return
        }
        #expect(pattern2 == "ab)")
        #expect(position2 == 3)
    }

    @Test func invalidPatternMessage() {
        #expect(error("(")?.message == "Invalid pattern '(' for '--until' at position 2: expected ')'.")
        #expect(
            error("ab)")?.message
                == "Invalid pattern 'ab)' for '--until' at position 3: closing ')' does not balance any groups openings.")
        #expect(error("[a")?.message == "Invalid pattern '[a' for '--until' at position 3: expected ']'.")
    }

    @Test func positionIsPastTheEndWhenOnlyClosingBracketsAreMissing() {
        #expect(WatchPattern.position(ofErrorIn: "(") == 2)
        #expect(WatchPattern.position(ofErrorIn: "[a") == 3)
        #expect(WatchPattern.position(ofErrorIn: "((") == 3)
        #expect(WatchPattern.position(ofErrorIn: "x(a)|(b") == 8)
        #expect(WatchPattern.position(ofErrorIn: "(?<n") == 5)
    }

    @Test func positionPointsAtWhatCannotBeRead() {
        #expect(WatchPattern.position(ofErrorIn: "ab)") == 3)
        #expect(WatchPattern.position(ofErrorIn: "a(b))c") == 5)
        #expect(WatchPattern.position(ofErrorIn: "a**") == 3)
        #expect(WatchPattern.position(ofErrorIn: "*a") == 1)
        #expect(WatchPattern.position(ofErrorIn: "a\\q") == 3)
        // Inside an unclosed group: the closers make its prefix readable up to the problem.
        #expect(WatchPattern.position(ofErrorIn: "(a**") == 4)
    }

    @Test func positionCountsCharacters() {
        #expect(WatchPattern.position(ofErrorIn: "héllo)") == 6)
        #expect(WatchPattern.position(ofErrorIn: "👍🏽)") == 2)
    }
}
