import Testing

@testable import LoadWrapCore

/// The cursor's row as the scanner follows it through the command's output: each column either
/// exact or unknown, never a guess, since the spinner beside a line puts the cursor back there.
@Suite struct CursorRowTests {
    /// The row after scanning `chunks`, each one chunk.
    private static func row(_ chunks: String...) -> CursorRow {
        var scanner = OutputScanner()
        for chunk in chunks { scanner.scan(chunk) }
        return scanner.row
    }

    /// The row after scanning `text` as one chunk of Latin-1 bytes (not UTF-8).
    private static func row(latin1 text: String) -> CursorRow {
        var scanner = OutputScanner()
        scanner.scan(bytes: text.unicodeScalars.map { UInt8($0.value) })
        return scanner.row
    }

    @Test func printedTextMovesTheColumnAndTheExtent() {
        let row = Self.row("[1/3] a")
        #expect(row.column == 7 && row.extent == 7 && row.reach == 7)
        #expect(!row.rewritten, "printed once, as a prompt is")
    }

    @Test func aCarriageReturnRewritesTheRowAndKeepsItsExtent() {
        let row = Self.row("[1/3] Compiling long.swift", "\r[2/3] a")
        #expect(row.column == 7 && row.extent == 26 && row.rewritten)
    }

    /// Text printed where the column is not known (after an emoji) reaches an extent not known
    /// either, even on a row an erase had made blank: screen-fuzz seed 90007 drew the line beside
    /// `:} café " T|` and erased the text right of it.
    @Test func textAtAColumnNotKnownLeavesTheExtentNotKnown() {
        let row = Self.row("🎉 a\u{1B}[2K42 px", "\r:} T")
        #expect(row.column == 4 && row.extent == nil)
    }

    /// SwiftPM's progress erases the row, then returns: `ESC[2K` `\r` `[n/m] …`.
    @Test func anEraseOfPrintedTextRewritesTheRow() {
        #expect(!Self.row("\u{1B}[2K\r[1/5] Write sources").rewritten)
        let row = Self.row("\u{1B}[2K\r[1/5] Write sources", "\u{1B}[2K\r[2/5] Compiling a.swift")
        #expect(row.rewritten && row.column == 23 && row.extent == 23)
        #expect(Self.row("abc\u{1B}[2D\u{1B}[K").rewritten)
        #expect(!Self.row("abc\u{1B}[K").rewritten, "nothing after the cursor to erase")
    }

    @Test func anEraseToTheEndBringsTheExtentBack() {
        #expect(Self.row("[1/3] Compiling long.swift\r\u{1B}[K[2/3] a").extent == 7)
        #expect(Self.row("[1/3] Compiling long.swift\u{1B}[2K\r[2/3] a").extent == 7)
        #expect(Self.row("abcdef\u{1B}[3D\u{1B}[1K").extent == 6, "EL 1 erases up to the cursor only")
        #expect(Self.row("abcdef\u{1B}[3D\u{1B}[J").extent == 3, "ED 0 erases the rest of the row too")
        #expect(Self.row("abcdef\u{1B}[3D\u{1B}[3J").extent == 6, "ED 3 erases the scrollback only")
        #expect(Self.row("abcdef\u{1B}[3D\u{1B}[1J").extent == 6, "ED 1 erases above")
    }

    @Test func movesAlongTheRow() {
        #expect(Self.row("abc\u{1B}[2D").column == 1)
        #expect(Self.row("abc\u{1B}[9D").column == 0, "CUB stops at the margin")
        #expect(Self.row("abc\u{1B}[4C").column == 7)
        #expect(Self.row("abcdef\u{1B}[3G").column == 2)
        #expect(Self.row("abc\u{8}\u{8}").column == 1)
        #expect(Self.row("\u{8}").column == 0)
        let tabbed = Self.row("a\tb")
        #expect(tabbed.column == 9 && tabbed.extent == 9)
        #expect(Self.row("a\u{1B}[2I").column == 16)
        #expect(Self.row("a\tbc\u{1B}[Z").column == 8)
        #expect(Self.row("abcdef\u{1B}[3D").rewritten && Self.row("abcdef\u{1B}[3G").rewritten)
        #expect(!Self.row("abc\u{1B}[4C").rewritten)
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(Self.row("漢字").column == 4)
        #expect(Self.row("e\u{301}").column == 1, "a combining mark takes none")
        #expect(Self.row("━━▶").column == 3)
    }

    /// Emoji, joiners and variation selectors are drawn one or two columns wide depending on the
    /// terminal: the row is not known until an erase and a carriage return make it known again.
    @Test func widthsTerminalsDisagreeOnLoseTheRow() {
        for text in ["😀", "a\u{200D}b", "\u{2764}\u{FE0F}"] {
            let row = Self.row(text)
            #expect(row.column == nil && row.extent == nil, "\(text.unicodeScalars.map(\.value))")
        }
        let back = Self.row("😀", "\r")
        #expect(back.column == 0 && back.extent == nil)
        #expect(Self.row("😀", "\r\u{1B}[K").extent == 0)
        #expect(Self.row("😀", "\r\u{1B}[K").reach == 2, "how far it reached: at most two columns")
    }

    @Test func aLineFeedBeginsARow() {
        let before = Self.row("abc")
        let row = Self.row("abc", "\r\nxy")
        #expect(row.column == 2 && row.extent == 2 && row.reach == 2 && !row.rewritten)
        #expect(row.serial != before.serial)
        #expect(Self.row("abc\u{1B}[1mde\u{1B}[0m\r\nxy").column == 2)
    }

    /// Without the pty's output processing a line feed keeps the column: not followed.
    @Test func aBareLineFeedLosesTheColumn() {
        #expect(Self.row("abc\nxy").column == nil)
        #expect(Self.row("abc\u{B}").column == nil, "VT")
    }

    @Test func rowMovesAndUnfollowedSequencesLoseTheRow() {
        for text in ["ab\u{1B}[A", "ab\u{1B}[2;3H", "ab\u{1B}8", "ab\u{1B}[3b", "\u{1B}[4hab", "\u{1B}Hab\t", "\u{1B}[3gab\t",
                     "ab\u{1B}[?6h", "ab\u{1B}6", "ab\u{1B}9"] {
            #expect(Self.row(text).column == nil, "\(text.debugDescription)")
        }
        #expect(Self.row("\u{1B}[4h\u{1B}[4lab").column == 2, "insert mode off again")
    }

    @Test func blanksInsertedPushTheTextRight() {
        #expect(Self.row("abcdef\u{1B}[3D\u{1B}[2@").extent == 8)
        #expect(Self.row("abc\u{1B}[2@").extent == 3, "nothing right of the cursor to push")
    }

    /// Bytes that are not UTF-8 lose the column, never the carriage return or the text after them.
    @Test func invalidUTF8NeverSwallowsWhatFollows() {
        #expect(Self.row(latin1: "voil\u{E0} la 4").column == nil)
        let back = Self.row(latin1: "old\u{E9}\r[1/3] step")
        #expect(back.column == 10 && back.extent == nil && back.rewritten)
        #expect(Self.row(latin1: "\u{E9}\r\u{1B}[K[1/3] step").extent == 10)
        for bytes: [UInt8] in [[0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF]] {
            var scanner = OutputScanner()
            scanner.scan(bytes: bytes + Array("\r\u{1B}[Kab".utf8))
            #expect(scanner.row.column == 2 && scanner.row.extent == 2, "\(bytes)")
        }
    }

    /// A character cut between two reads is measured when its last byte arrives.
    @Test func aCharacterSplitAcrossReadsKeepsTheColumn() {
        let bytes = Array("[1/3] ━━ a".utf8)
        for split in 7..<9 {
            var scanner = OutputScanner()
            scanner.scan(bytes: Array(bytes[..<split]))
            scanner.scan(bytes: Array(bytes[split...]))
            #expect(scanner.row.column == 10 && scanner.row.extent == 10, "split at \(split)")
        }
    }

    /// `\r\n` cut between two reads still begins a known row.
    @Test func aLineEndSplitAcrossReadsBeginsAKnownRow() {
        #expect(Self.row("abc\r", "\nxy").column == 2)
    }

    /// A character whose width is uncertain loses the column but bounds how far the row reached.
    @Test func anUncertainWidthKeepsABoundOnTheReach() {
        let row = Self.row("ab😀cd", "\r\u{1B}[K")
        #expect(row.column == 0 && row.extent == 0 && row.reach == 6)
        #expect(Self.row("\u{4DC0}").column == nil, "the hexagrams: 2 columns in tmux, 1 in wcwidth")
        #expect(Self.row("\u{2FFC}").column == nil, "not assigned")
    }

    /// Whether the row's last cell was printed in the command's colours: cells written after it
    /// and erased again show in tmux's grid there (`capture-pane -e`), so nothing goes beside it.
    @Test func whetherTheLastCellIsStyled() {
        #expect(Self.row("\u{1B}[32mab\u{1B}[0m").endsStyled)
        #expect(!Self.row("\u{1B}[32mab\u{1B}[0mcd").endsStyled)
        #expect(!Self.row("ab\u{1B}[32m\u{1B}[0m").endsStyled)
        #expect(!Self.row("\u{1B}[32mab\u{1B}[0m", "\r\u{1B}[K").endsStyled)
        #expect(!Self.row("\u{1B}[32mab\u{1B}[0m", "\u{1B}[2K").endsStyled)
        #expect(Self.row("abcd\u{1B}[2D\u{1B}[K").endsStyled, "the cell now last: its rendition is not kept")
        #expect(!Self.row("\u{1B}[32mab\u{1B}[0m\r", "cd").endsStyled, "reprinted to the end")
    }

    /// HPR and HPB move the cursor in some terminals and not in others (tmux ignores both).
    @Test func sequencesSomeTerminalsIgnoreLoseTheColumn() {
        #expect(Self.row("step\u{1B}[3a").column == nil)
        #expect(Self.row("step\u{1B}[3a").reach == 7)
        #expect(Self.row("step\u{1B}[3j").column == nil)
    }

    /// A line longer than the row can follow is not measured, however it is cut into runs.
    @Test func aLongLineIsNotFollowed() {
        let long = String(repeating: "x", count: CursorRow.longestFollowed + 1)
        #expect(Self.row(long).column == nil)
        #expect(Self.row(long).reach >= CursorRow.longestFollowed)
        #expect(Self.row(String(long.prefix(300)), String(long.prefix(300))).column == nil)
        let row = Self.row(long + "\r\u{1B}[Kab")
        #expect(row.column == 2 && row.extent == 2 && row.reach >= CursorRow.longestFollowed)
    }

    /// The normal screen's row comes back when ?1049 restores the cursor, and not otherwise.
    @Test func theAlternateScreenKeepsTheNormalScreensRow() {
        let row = Self.row("[1/2] a\r[2/2] b", "\u{1B}[?1049h\u{1B}[Hfull screen\u{1B}[?1049l")
        #expect(row.column == 7 && row.extent == 7 && row.rewritten)
        #expect(Self.row("ab", "\u{1B}[?1047hcd\u{1B}[?1047l").column == nil)
    }

    /// However the output is cut into chunks, the row ends the same (the scanner's parser carries
    /// sequences across chunks).
    @Test func everySplitGivesTheSameRow() {
        let text = "[1/3] a\u{1B}[1mb\u{1B}[0m\r\u{1B}[K[2/3] \u{1B}[3Dcc\td"
        let whole = Self.row(text)
        let bytes = Array(text.utf8)
        for split in 1..<bytes.count {
            var scanner = OutputScanner()
            scanner.scan(bytes: Array(bytes[..<split]))
            scanner.scan(bytes: Array(bytes[split...]))
            #expect(scanner.row == whole, "split at \(split)")
        }
    }
}
