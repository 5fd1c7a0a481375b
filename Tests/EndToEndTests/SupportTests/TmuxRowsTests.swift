import Testing

/// The canonical form of tmux's captured rows: rows that look alike compare equal, rows that look
/// different do not.
@Suite struct TmuxRowsTests {
    private let esc = "\u{1B}"

    @Test func aRowThatOnceReachedFurtherEqualsOneThatDidNot() {
        // The capture of seed 20578's last row, bare and wrapped (tmux 3.3a), and the row after it.
        let bare = ["ok \(esc)[38;2;185;213;251m\(esc)[107mokbuild", "\(esc)[39m\(esc)[49m"]
        let wrapped = ["ok \(esc)[38;2;185;213;251m\(esc)[107mokbuild\(esc)[39m\(esc)[49m        ", ""]
        #expect(TmuxRows.canonical(bare) == TmuxRows.canonical(wrapped))
        #expect(TmuxRows.canonical(bare) == ["ok {38;2;185;213;251;107}okbuild{}", ""])
    }

    @Test func aColouredBlankAtTheEndStaysWhateverFollows() {
        // Seed 20961: a coloured blank ends the row, bare (nothing after it) and wrapped.
        let bare = ["z \(esc)[38;5;150m\(esc)[48;5;157mL: "]
        let wrapped = ["z \(esc)[38;5;150m\(esc)[48;5;157mL: \(esc)[39m\(esc)[49m   "]
        #expect(TmuxRows.canonical(bare) == ["z {38;5;150;48;5;157}L: {}"])
        #expect(TmuxRows.canonical(wrapped) == TmuxRows.canonical(bare))
    }

    @Test func theRenditionCarriesFromRowToRow() {
        #expect(TmuxRows.canonical(["\(esc)[1;31mred", "still", "\(esc)[0mplain"])
            == ["{1;31}red{}", "{1;31}still{}", "plain"])
    }

    @Test func blanksInColourOrUnderlinedStay() {
        #expect(TmuxRows.canonical(["a\(esc)[44m  \(esc)[49m  "]) == ["a{44}  {}"])
        #expect(TmuxRows.canonical(["a\(esc)[4m  "]) == ["a{4}  {}"])
        #expect(TmuxRows.canonical(["a\(esc)[4m  \(esc)[24m  "]) == ["a{4}  {}"])
    }

    @Test func attributesTurnOffOneByOne() {
        #expect(TmuxRows.canonical(["\(esc)[1m\(esc)[3mb\(esc)[22mi\(esc)[23mn"]) == ["{1;3}b{3}i{}n"])
        #expect(TmuxRows.canonical(["\(esc)[38;5;208mo\(esc)[48:2::1:2:3mx\(esc)[0m"])
            == ["{38;5;208}o{38;5;208;48:2::1:2:3}x{}"])
    }

    @Test func aDifferentColourIsADifferentRow() {
        #expect(TmuxRows.canonical(["\(esc)[31mx"]) != TmuxRows.canonical(["\(esc)[32mx"]))
        #expect(TmuxRows.canonical(["x "]) == TmuxRows.canonical(["x"]))
        #expect(TmuxRows.canonical([" x"]) != TmuxRows.canonical(["x"]))
    }
}
