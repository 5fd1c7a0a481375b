import Testing
@testable import LoadWrapCore

@Test func asciiIsOneColumnEach() {
    #expect(DisplayWidth.of("make -j8") == 8)
    #expect(DisplayWidth.of("") == 0)
}

@Test func scalarWidths() {
    #expect(DisplayWidth.of(Unicode.Scalar("a")) == 1)
    #expect(DisplayWidth.of(Unicode.Scalar(0x301)!) == 0)  // combining acute
    #expect(DisplayWidth.of(Unicode.Scalar(0x20DD)!) == 0)  // enclosing circle
    #expect(DisplayWidth.of(Unicode.Scalar(0x200D)!) == 0)  // zero-width joiner
    #expect(DisplayWidth.of(Unicode.Scalar(0xFE0F)!) == 0)  // variation selector-16
    #expect(DisplayWidth.of(Unicode.Scalar(0x1B)!) == 0)
    #expect(DisplayWidth.of(Unicode.Scalar(0x9B)!) == 0)
    #expect(DisplayWidth.of(Unicode.Scalar(0xAD)!) == 1)  // soft hyphen, as glibc
    #expect(DisplayWidth.of(Unicode.Scalar(0x1161)!) == 0)  // Hangul medial vowel
    #expect(DisplayWidth.of(Unicode.Scalar(0x1100)!) == 2)  // Hangul leading consonant
    #expect(DisplayWidth.of(Unicode.Scalar("日")) == 2)
    #expect(DisplayWidth.of(Unicode.Scalar("あ")) == 2)
    #expect(DisplayWidth.of(Unicode.Scalar("ア")) == 2)
    #expect(DisplayWidth.of(Unicode.Scalar("ｱ")) == 1)  // halfwidth katakana
    #expect(DisplayWidth.of(Unicode.Scalar("Ａ")) == 2)  // fullwidth A
    #expect(DisplayWidth.of(Unicode.Scalar(0x3000)!) == 2)  // ideographic space
    #expect(DisplayWidth.of(Unicode.Scalar(0x20000)!) == 2)  // CJK extension B
    #expect(DisplayWidth.of(Unicode.Scalar(0x2FFFD)!) == 2)  // unassigned, defaults to W
    #expect(DisplayWidth.of(Unicode.Scalar("⌚")) == 2)  // Emoji_Presentation in U+2300
    #expect(DisplayWidth.of(Unicode.Scalar("⚡")) == 2)
    #expect(DisplayWidth.of(Unicode.Scalar("☀")) == 1)  // text presentation by default
    #expect(DisplayWidth.of(Unicode.Scalar("❤")) == 1)
    #expect(DisplayWidth.of(Unicode.Scalar("🌡")) == 1)  // text presentation by default
    #expect(DisplayWidth.of(Unicode.Scalar("😀")) == 2)
    #expect(DisplayWidth.of(Unicode.Scalar("🫨")) == 2)  // new in Unicode 15
    #expect(DisplayWidth.of(Unicode.Scalar("⠋")) == 1)
    #expect(DisplayWidth.of(Unicode.Scalar("…")) == 1)
}

@Test func eastAsianText() {
    #expect(DisplayWidth.of("日本") == 4)
    #expect(DisplayWidth.of("한국어") == 6)
    #expect(DisplayWidth.of("カタカナ") == 8)
    #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)
    #expect(DisplayWidth.of("make 日本") == 9)
}

@Test func conjoiningHangulJamoIsOneSyllable() {
    // 한 as leading consonant + vowel + final consonant: one cluster, two columns.
    #expect(DisplayWidth.of("\u{1112}\u{1161}\u{11AB}") == 2)
}

@Test func combiningMarksAddNothing() {
    #expect(DisplayWidth.of("e\u{301}") == 1)
    #expect(DisplayWidth.of("Cafe\u{301}") == 4)
    #expect(DisplayWidth.of("\u{3042}\u{3099}") == 2)
}

@Test func emojiClusters() {
    #expect(DisplayWidth.of("😀") == 2)
    #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
    #expect(DisplayWidth.of("👍🏽") == 2)
    #expect(DisplayWidth.of("🇯🇵") == 2)
    #expect(DisplayWidth.of("🇯🇵🇰🇷") == 4)
    #expect(DisplayWidth.of("❤️") == 2)  // U+2764 U+FE0F asks for emoji presentation
    #expect(DisplayWidth.of("☀\u{FE0E}") == 1)  // explicit text presentation
    #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)  // keycap
    #expect(DisplayWidth.of("ok 🌑") == 5)
}

@Test func truncateLeavesFittingTextAlone() {
    #expect(DisplayWidth.truncate("日本語", toColumns: 6, ellipsis: "…") == "日本語")
    #expect(DisplayWidth.truncate("abc", toColumns: 3, ellipsis: "…") == "abc")
    #expect(DisplayWidth.truncate("", toColumns: 0, ellipsis: "…") == "")
}

@Test func truncateNeverSplitsAWideCharacter() {
    #expect(DisplayWidth.truncate("日本語", toColumns: 4, ellipsis: "…") == "日…")
    #expect(DisplayWidth.truncate("日本語", toColumns: 5, ellipsis: "…") == "日本…")
    #expect(DisplayWidth.truncate("日本語", toColumns: 2, ellipsis: "…") == "…")
    #expect(DisplayWidth.truncate("한국어", toColumns: 4, ellipsis: "...") == "...")
    #expect(DisplayWidth.truncate("한국어", toColumns: 5, ellipsis: "...") == "한...")
}

@Test func truncateKeepsClustersWhole() {
    #expect(DisplayWidth.truncate("e\u{301}e\u{301}e\u{301}", toColumns: 2, ellipsis: "…") == "e\u{301}…")
    #expect(DisplayWidth.truncate("👨‍👩‍👧👨‍👩‍👧", toColumns: 3, ellipsis: "…") == "👨‍👩‍👧…")
    #expect(DisplayWidth.truncate("🇯🇵🇰🇷", toColumns: 3, ellipsis: "…") == "🇯🇵…")
}

@Test func truncateWithoutRoomForTheEllipsis() {
    #expect(DisplayWidth.truncate("abcdef", toColumns: 2, ellipsis: "...") == "ab")
    #expect(DisplayWidth.truncate("日本語", toColumns: 1, ellipsis: "...") == "")
    #expect(DisplayWidth.truncate("abc", toColumns: 0, ellipsis: "…") == "")
    #expect(DisplayWidth.truncate("abc", toColumns: -3, ellipsis: "…") == "")
}
