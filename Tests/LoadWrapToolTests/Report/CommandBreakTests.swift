import Testing

@testable import LoadWrapRuns
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

    /// ICU's collation weighs nothing for hundreds of code points that are neither default
    /// ignorable nor format characters (ICU 72 root, en_US alike: `usearch` finds `##vso[` in each
    /// of these lines): Hebrew accents, Arabic signs, enclosing marks, the Arabic tatweel, NKo's
    /// lajanyalan, the Arabic tail fragment, Mongolian and Vedic signs, musical stems.
    @Test func codePointsCollationWeighsNothingHideNoPrefix() {
        for hidden in ["\u{0591}", "\u{0610}", "\u{0488}", "\u{0640}", "\u{07FA}", "\u{FE73}", "\u{180A}", "\u{1CD3}",
                       "\u{1D165}"] {
            let name = "U+\(String(hidden.unicodeScalars.first!.value, radix: 16))"
            #expect(CommandBreak.apply("#\(hidden)#vso[x]") == "#\(hidden)#vso [x]", "\(name)")
            #expect(CommandBreak.apply("##\(hidden)teamcity[x]") == "##\(hidden)teamcity [x]", "\(name)")
            #expect(CommandBreak.apply("#\(hidden)#[error]") == "#\(hidden)# [error]", "\(name)")
        }
    }

    /// Which code points weigh nothing depends on the agent's ICU and culture, so any outside
    /// printable ASCII between a prefix's characters counts as hiding nothing: a combining accent
    /// that a search would weigh gets the space too, which costs a title a space, never a command.
    @Test func anyCodePointOutsideASCIIInAPrefixIsBrokenToo() {
        #expect(CommandBreak.apply("#\u{301}#[x]") == "#\u{301}# [x]")
        #expect(CommandBreak.apply("#é#vso[x]") == "#é#vso [x]")
    }

    @Test func textWithoutAPrefixIsLeftAlone() {
        for text in ["▸ ::error::x --- z", "# [x]", "#vso[x]", "## vso[x]", "a[b]##", "##teamcit[x]", "é[x] ✔ [y]"] {
            #expect(CommandBreak.apply(text) == text)
        }
    }
}
