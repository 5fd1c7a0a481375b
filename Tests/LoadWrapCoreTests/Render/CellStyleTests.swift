import Testing

@testable import LoadWrapCore

/// A tail cell's rendition: applied as a terminal applies SGR, sent back from a reset.
@Suite struct CellStyleTests {
    private static func sequence(_ parameters: [Int]...) -> String {
        var style = CellStyle.plain
        for p in parameters { style.apply(p) }
        return String(decoding: style.sequence, as: UTF8.self)
    }

    @Test func attributesAndColoursInTheFormWritten() {
        #expect(Self.sequence([1, 31]) == "\u{1B}[0;1;31m")
        #expect(Self.sequence([92, 104]) == "\u{1B}[0;92;104m")
        #expect(Self.sequence([38, 5, 208, 48, 2, 300, 0, 7]) == "\u{1B}[0;38;5;208;48;2;255;0;7m")
    }

    @Test func resetsEndWhatTheyEnd() {
        #expect(Self.sequence([1, 2, 31], [22]) == "\u{1B}[0;31m")
        #expect(Self.sequence([4, 31, 41], [24, 39]) == "\u{1B}[0;41m")
        #expect(Self.sequence([1, 31], []) == "\u{1B}[0m")
        #expect(CellStyle.plain.isPlain)
    }

    @Test func formsNotUnderstoodAreDropped() {
        #expect(Self.sequence([38, 9, 1]) == "\u{1B}[0m", "an unknown colour form takes the rest")
        #expect(Self.sequence([38, 5], [58, 5, 1]) == "\u{1B}[0m")
    }
}
