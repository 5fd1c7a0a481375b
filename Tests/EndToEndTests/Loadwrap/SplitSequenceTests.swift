import Testing

/// A pty read can end inside an escape sequence or a UTF-8 character: loadwrap waits for it to
/// end before any byte of its own, so the screen stays the bare run's.
@Suite struct SplitSequenceTests {
    /// The five splits from the field: each writes the first part, pauses long enough for
    /// several frames, then writes the rest.
    static let splits: [(first: String, rest: String)] = [
        (#"\033[3"#, #"1mred\033[0m\n"#),
        (#"\033"#, #"[?1049hfull\033[?1049l\n"#),
        (#"\033[?"#, #"25hshown\n"#),
        (#"printed\033"#, #"[1K\n"#),
        (#"\033["#, #"17dmoved\n"#),
        (#"\342\202"#, #"\254 euro\n"#),
    ]

    @Test(arguments: 0..<splits.count)
    func aSequenceSplitAcrossWritesLeavesTheBareScreen(_ index: Int) throws {
        let (first, rest) = Self.splits[index]
        let script = "sleep 0.4; printf '\(first)'; sleep 0.4; printf '\(rest)'"
        let bare = try PtySession.run(Loadwrap.sh(script))
        let wrapped = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]))
        #expect(wrapped.termination == .exited(0))
        #expect(!Loadwrap.frames(in: wrapped.output).isEmpty, "the spinner never drew, so this proves nothing")
        let expected = bare.screen().snapshot
        let actual = wrapped.screen().snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }

    /// The command ends inside a sequence: loadwrap appends nothing after it, not its `--result`
    /// line, the indicator's removal or the notification, which would become part of that
    /// sequence. The bare run leaves it for whatever the terminal gets next, and so does loadwrap.
    @Test(arguments: 0..<splits.count)
    func outputEndingInsideASequenceGetsNothingAppended(_ index: Int) throws {
        let first = Self.splits[index].first
        let script = "sleep 0.4; printf '\(first)'"
        let bare = try PtySession.run(Loadwrap.sh(script))
        let wrapped = try PtySession.run(Loadwrap.command(
            ["--delay", "0", "--result", "--term-progress", "always", "--notify=0s", "--", "sh", "-c", script]))
        #expect(wrapped.termination == .exited(0))
        #expect(!Loadwrap.frames(in: wrapped.output).isEmpty, "the spinner never drew, so this proves nothing")
        #expect(wrapped.output.suffix(bare.output.count) == bare.output[...],
                "bytes after the command's last: \(Loadwrap.text(wrapped.output).debugDescription)")
        let expected = bare.screen().snapshot
        let actual = wrapped.screen().snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }

    @Test func anEndLineWaitsForTheSequenceTheCommandLeftOpen() throws {
        let script = #"printf '\033]0;ti'; sleep 0.3; printf 'tle\007done\n'; sleep 0.3"#
        let wrapped = try PtySession.run(Loadwrap.command(["--delay", "0", "--until", "done", "--result", "--", "sh", "-c", script]))
        let text = Loadwrap.text(wrapped.output)
        // The OSC ends with BEL before anything of loadwrap's follows it.
        let osc = try #require(text.range(of: "\u{1B}]0;ti"))
        let bell = try #require(text.range(of: "tle\u{07}"))
        #expect(!text[osc.upperBound..<bell.lowerBound].contains("\u{1B}"), "a byte of loadwrap's landed inside the OSC")
    }
}
