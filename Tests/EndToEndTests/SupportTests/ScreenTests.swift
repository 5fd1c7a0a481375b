import Testing

/// The screen model itself: it is the judge of every screen-equality test, so it is tested first.
@Suite struct ScreenTests {
    /// A screen fed `bytes`.
    private func screen(_ bytes: String, rows: Int = 4, cols: Int = 10) -> Screen {
        var screen = Screen(rows: rows, cols: cols)
        screen.feed(bytes)
        return screen
    }

    @Test func plainLinesAndCursor() {
        let s = screen("ab\r\ncd")
        #expect(s.snapshot.trimmedText == "ab\ncd")
        #expect((s.row, s.col) == (1, 2))
    }

    @Test func lineFeedWithoutCarriageReturnKeepsColumn() {
        #expect(screen("ab\ncd").snapshot.trimmedText == "ab\n  cd")
    }

    @Test func autowrapWaitsForTheNextCharacter() {
        var s = screen("0123456789")
        #expect((s.row, s.col, s.pendingWrap) == (0, 9, true))
        s.feed("\r\n")
        #expect(s.snapshot.trimmedText == "0123456789")
        #expect(!s.snapshot.lines[0].wrapped)
        s.feed("0123456789X")
        #expect(s.snapshot.trimmedText == "0123456789\n0123456789\nX")
        #expect(s.snapshot.lines[1].wrapped)
        #expect((s.row, s.col) == (2, 1))
    }

    @Test func scrollingFillsScrollback() {
        let s = screen((1...6).map { "l\($0)" }.joined(separator: "\r\n"))
        #expect(s.scrollback.count == 2)
        #expect(s.render() == "l1\nl2\nl3\nl4\nl5\nl6")
        #expect((s.row, s.col) == (3, 2))
    }

    @Test func eraseInLineAndDisplay() {
        var s = screen("abcdef\r\nghijkl\u{1B}[1;3H")
        s.feed("\u{1B}[K")
        #expect(s.snapshot.trimmedText == "ab\nghijkl")
        s.feed("\u{1B}[2;3H\u{1B}[1K")
        #expect(s.snapshot.trimmedText == "ab\n   jkl")
        s.feed("\u{1B}[2J")
        #expect(s.snapshot.trimmedText == "")
        #expect((s.row, s.col) == (1, 2))
    }

    @Test func carriageReturnOverwrites() {
        #expect(screen("10%\r20%\r3").snapshot.trimmedText == "30%")
    }

    @Test func backspaceAndTab() {
        #expect(screen("abc\u{8}\u{8}X\tY").snapshot.trimmedText == "aXc     Y")
        #expect(screen("a\t\t\tb").snapshot.trimmedText == "a        b")
    }

    @Test func cursorMovesClamp() {
        var s = screen("\u{1B}[10;20H")
        #expect((s.row, s.col) == (3, 9))
        s.feed("\u{1B}[2A\u{1B}[3D")
        #expect((s.row, s.col) == (1, 6))
        s.feed("\u{1B}[G\u{1B}[B\u{1B}[5C")
        #expect((s.row, s.col) == (2, 5))
        s.feed("\u{1B}[1d\u{1B}[F")
        #expect((s.row, s.col) == (0, 0))
        s.feed("\u{1B}[2E")
        #expect((s.row, s.col) == (2, 0))
    }

    @Test func wideCharactersTakeTwoColumns() {
        var s = screen("日本語abc")
        #expect((s.row, s.col) == (0, 9))
        #expect(s.snapshot.trimmedText == "日本語abc")
        s = screen("abcdefghi한")  // 9 columns used, the wide one does not fit in the last
        #expect(s.snapshot.trimmedText == "abcdefghi\n한")
        #expect(s.snapshot.lines[0].wrapped)
        #expect(screen("😀x").col == 3)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        #expect(screen("日本\r\u{1B}[Cx").snapshot.trimmedText == " x本")
        #expect(screen("日本\rx").snapshot.trimmedText == "x 本")
    }

    @Test func combiningMarksJoinThePreviousCell() {
        let s = screen("e\u{301}x")
        #expect(s.col == 2)
        #expect(s.snapshot.lines[0].cells[0].text == "e\u{301}")
    }

    @Test func colours() {
        let s = screen("\u{1B}[31mr\u{1B}[0m \u{1B}[1;32mg\u{1B}[38;5;208mo\u{1B}[48;2;1;2;3mb\u{1B}[m")
        let cells = s.snapshot.lines[0].cells
        #expect(cells[0].attributes == Attributes(foreground: .indexed(1)))
        #expect(cells[1].attributes == Attributes())
        #expect(cells[2].attributes == Attributes(foreground: .indexed(2), flags: .bold))
        #expect(cells[3].attributes == Attributes(foreground: .indexed(208), flags: .bold))
        #expect(cells[4].attributes.background == .rgb(1, 2, 3))
        #expect(s.attributes == Attributes())
        #expect(s.snapshot.attributedText.hasPrefix("⟦31⟧r⟦⟧ ⟦1;32⟧g⟦1;38;5;208⟧o"))
    }

    @Test func coloursWithColonSubParameters() {
        let s = screen("\u{1B}[38:5:208ma\u{1B}[48:2::1:2:3mb\u{1B}[0;38:2:4:5:6;4:3mc\u{1B}[4:0;58:5:1md\u{1B}[m", cols: 10)
        let cells = s.snapshot.lines[0].cells
        #expect(cells[0].attributes == Attributes(foreground: .indexed(208)))
        #expect(cells[1].attributes == Attributes(foreground: .indexed(208), background: .rgb(1, 2, 3)))
        #expect(cells[2].attributes == Attributes(foreground: .rgb(4, 5, 6), flags: .underline))
        #expect(cells[3].attributes == Attributes(foreground: .rgb(4, 5, 6)))
        #expect(s.attributes == Attributes())
    }

    /// Semicolon colours beside a colon group stay colours (tmux reads them so): the program of
    /// screen-fuzz seed 11687 once read `38;2;7;71;141` as dim and reverse.
    @Test func semicolonColoursBesideAColonGroup() {
        let s = screen("\u{1B}[48:2::239:145:76;38;2;7;71;141;48;5;21ma\u{1B}[39;49mb", cols: 10)
        let cells = s.snapshot.lines[0].cells
        #expect(cells[0].attributes == Attributes(foreground: .rgb(7, 71, 141), background: .indexed(21)))
        #expect(cells[1].attributes == Attributes())
    }

    @Test func eraseUsesTheCurrentBackground() {
        let s = screen("\u{1B}[44m\u{1B}[K\u{1B}[0m")
        #expect(s.snapshot.lines[0].cells.count == 10)
        #expect(s.snapshot.lines[0].cells[9].attributes.background == .indexed(4))
        #expect(s.snapshot != screen("").snapshot)
    }

    @Test func cursorVisibility() {
        #expect(!screen("\u{1B}[?25l").cursorVisible)
        #expect(screen("\u{1B}[?25l\u{1B}[?25h").cursorVisible)
    }

    @Test func saveAndRestoreCursor() {
        let s = screen("ab\u{1B}7\u{1B}[31m\r\nxy\u{1B}8z")
        #expect(s.snapshot.trimmedText == "abz\nxy")
        #expect(s.snapshot.lines[0].cells[2].attributes == Attributes())
    }

    @Test func alternateScreenKeepsMainScreen() {
        var s = screen("main\u{1B}[?1049h\u{1B}[Hfull screen")
        #expect(s.alternateScreen)
        #expect(s.snapshot.trimmedText == "full scree\nn")
        s.feed("\u{1B}[?1049l")
        #expect(s.snapshot.trimmedText == "main")
        #expect((s.row, s.col) == (0, 4))
    }

    @Test func scrollRegionKeepsLinesOutsideIt() {
        let s = screen("top\u{1B}[2;3r\u{1B}[3;1Ha\r\nb\r\nc\u{1B}[r")
        #expect(s.snapshot.trimmedText == "top\nb\nc")
        #expect(s.scrollback.isEmpty)
    }

    @Test func insertAndDeleteLines() {
        var s = screen("1\r\n2\r\n3\u{1B}[2;1H\u{1B}[L")
        #expect(s.snapshot.trimmedText == "1\n\n2\n3")
        s.feed("\u{1B}[2M")
        #expect(s.snapshot.trimmedText == "1\n3")
    }

    @Test func unknownAndQuerySequencesAreConsumed() {
        let s = screen("a\u{1B}]0;title\u{7}b\u{1B}P1$r\u{1B}\\c\u{1B}[>4;1md\u{1B}(Be\u{1B}[6nf\u{1B}[?2004hg")
        #expect(s.snapshot.trimmedText == "abcdefg")
        #expect(s.queries == ["CSI 6n"])
        #expect(s.windowTitle == "title")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        var s = Screen(rows: 2, cols: 10)
        s.feed([0x61, 0xE6, 0x97, 0x62, 0xFF])
        #expect(s.snapshot.trimmedText == "a\u{FFFD}b\u{FFFD}")
    }

    @Test func snapshotsDifferInCursorAndWrap() {
        #expect(screen("ab").snapshot != screen("ab\u{1B}[D").snapshot)
        #expect(screen("abc").snapshot != screen("abc\u{1B}[?25l").snapshot)
        #expect(screen("a").snapshot == screen("ab\u{8} \u{8}").snapshot)
    }
}
