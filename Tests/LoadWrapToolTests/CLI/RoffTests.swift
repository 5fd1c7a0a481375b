import Testing

@testable import LoadWrapTool

@Suite struct RoffTests {
    @Test func optionHyphensAreMinusSignsOthersStayHyphens() {
        #expect(Roff.escape("--no-history") == "\\-\\-no\\-history")
        #expect(Roff.escape("-t, --title") == "\\-t, \\-\\-title")
        #expect(Roff.escape("'loadwrap history --clear' a user-wide x") == "'loadwrap history \\-\\-clear' a user-wide x")
        #expect(Roff.escape("(-q) 0-9") == "(\\-q) 0-9")
    }

    @Test func backslashesAndNonASCII() {
        #expect(Roff.escape("a\\b") == "a\\eb")
        #expect(Roff.escape("✔ é 😀") == "\\[u2714] \\[u00E9] \\[u1F600]")
    }

    @Test func aLineThatWouldBeARequestIsGuarded() {
        #expect(Roff.line(".SH x") == "\\&.SH x")
        #expect(Roff.line("'quoted' first") == "\\&'quoted' first")
        #expect(Roff.line("plain. text") == "plain. text")
    }

    @Test func usageBoldsWordsAndItalicisesPlaceholders() {
        #expect(Roff.usage("loadwrap done [<text>]") == "\\fBloadwrap\\fR \\fBdone\\fR [\\fItext\\fR]")
        #expect(Roff.usage("loadwrap history --clear") == "\\fBloadwrap\\fR \\fBhistory\\fR \\fB\\-\\-clear\\fR")
    }
}
