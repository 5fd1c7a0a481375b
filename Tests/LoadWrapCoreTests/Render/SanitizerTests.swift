import Testing
@testable import LoadWrapCore

@Test func plainTextIsUntouched() {
    #expect(Sanitizer.sanitize("make -j8") == "make -j8")
    #expect(Sanitizer.sanitize("日本語のタイトル") == "日本語のタイトル")
    #expect(Sanitizer.sanitize("한국어 제목") == "한국어 제목")
    #expect(Sanitizer.sanitize("Cafe\u{301} 👨‍👩‍👧 🇯🇵") == "Cafe\u{301} 👨‍👩‍👧 🇯🇵")
}

@Test func csiSequencesAreRemovedWhole() {
    #expect(Sanitizer.sanitize("\u{1B}[31mred\u{1B}[0m") == "red")
    #expect(Sanitizer.sanitize("a\u{1B}[2Kb\u{1B}[?25lc\u{1B}[1;1Hd") == "abcd")
    #expect(Sanitizer.sanitize("x\u{1B}[38;2;255;0;0my") == "xy")
}

@Test func oscIsRemovedWithBellOrStringTerminator() {
    let clipboard = "]52;c;cm0gLXJmIH4K"
    #expect(Sanitizer.sanitize("a\u{1B}\(clipboard)\u{07}b") == "ab")
    #expect(Sanitizer.sanitize("a\u{1B}\(clipboard)\u{1B}\\b") == "ab")
    #expect(Sanitizer.sanitize("a\u{1B}]0;window title\u{9C}b") == "ab")
}

@Test func unterminatedOSCRunsToTheEnd() {
    #expect(Sanitizer.sanitize("a\u{1B}]2;title") == "a")
}

@Test func controlStringsAreRemovedToStringTerminator() {
    #expect(Sanitizer.sanitize("a\u{1B}P1$r0m\u{1B}\\b") == "ab")  // DCS
    #expect(Sanitizer.sanitize("a\u{1B}_apc\u{07}still\u{1B}\\b") == "ab")  // APC ignores BEL
    #expect(Sanitizer.sanitize("a\u{1B}^pm\u{1B}\\b") == "ab")
    #expect(Sanitizer.sanitize("a\u{1B}Xsos\u{1B}\\b") == "ab")
}

@Test func twoByteEscapesAreRemoved() {
    #expect(Sanitizer.sanitize("a\u{1B}7b\u{1B}8c") == "abc")  // save/restore cursor
    #expect(Sanitizer.sanitize("a\u{1B}(Bb") == "ab")  // designate charset
    #expect(Sanitizer.sanitize("a\u{1B}cb") == "ab")  // full reset
}

@Test func bareEscapeIsRemoved() {
    #expect(Sanitizer.sanitize("title\u{1B}") == "title")
    #expect(Sanitizer.sanitize("\u{1B}\u{1B}[31mx") == "x")
    #expect(Sanitizer.sanitize("a\u{1B}é") == "aé")
}

@Test func c1ControlsAreRemoved() {
    #expect(Sanitizer.sanitize("a\u{9B}31mred\u{9B}0m") == "ared")
    #expect(Sanitizer.sanitize("a\u{9D}0;t\u{07}b") == "ab")
    #expect(Sanitizer.sanitize("a\u{85}b\u{8D}c") == "abc")
}

@Test func whitespaceControlsBecomeOneSpaceEach() {
    #expect(Sanitizer.sanitize("a\tb\nc") == "a b c")
    #expect(Sanitizer.sanitize("a\r\nb") == "a  b")
    #expect(Sanitizer.sanitize("a\u{0B}b\u{0C}c") == "a b c")
}

@Test func otherC0ControlsAndDeleteAreRemoved() {
    #expect(Sanitizer.sanitize("a\u{00}b\u{07}c\u{08}d\u{7F}e") == "abcde")
}

@Test func bidiOverridesAndIsolatesAreRemoved() {
    #expect(Sanitizer.sanitize("file\u{202E}gpj.exe") == "filegpj.exe")
    #expect(Sanitizer.sanitize("\u{202A}a\u{202B}b\u{202C}c\u{202D}d") == "abcd")
    #expect(Sanitizer.sanitize("\u{2066}a\u{2067}b\u{2068}c\u{2069}") == "abc")
}
