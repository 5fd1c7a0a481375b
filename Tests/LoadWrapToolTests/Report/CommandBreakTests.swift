import Testing

@testable import LoadWrapTool

/// No command prefix a CI runs anywhere in a line survives in loadwrap's own lines, even with an
/// invisible character hidden in it, and the rest of the text is left as it was.
@Suite struct CommandBreakTests {
    @Test func everyPrefixGetsAVisibleSpaceBeforeItsBracket() {
        let line = "▸ echo ##vso[task.setvariable variable=x]y ##[error]e ##teamcity[buildStop] ##[add-mask]m\n"
        #expect(CommandBreak.apply(line)
            == "▸ echo ##vso [task.setvariable variable=x]y ## [error]e ##teamcity [buildStop] ## [add-mask]m\n")
    }

    /// A culture-aware search (the agents' `IndexOf`) skips ignorable code points: so does the break.
    @Test func ignorableCodePointsHideNoPrefix() {
        for hidden in ["\u{2060}", "\u{200B}", "\u{AD}", "\u{FEFF}", "\u{FE0F}", "\u{E0041}"] {
            #expect(CommandBreak.apply("#\(hidden)#vso[x]") == "#\(hidden)#vso [x]", "U+\(hidden.unicodeScalars.first!.value)")
            #expect(CommandBreak.apply("##vso\(hidden)[x]") == "##vso\(hidden) [x]")
            #expect(CommandBreak.apply("#\(hidden)#[error]") == "#\(hidden)# [error]")
        }
    }

    @Test func textWithoutAPrefixIsLeftAlone() {
        for text in ["▸ ::error::x --- z", "# [x]", "#vso[x]", "## vso[x]", "a[b]##", "##teamcit[x]", "#́#[x]"] {
            #expect(CommandBreak.apply(text) == text)
        }
    }
}
