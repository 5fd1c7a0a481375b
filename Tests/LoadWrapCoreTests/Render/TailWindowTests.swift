import Testing

@testable import LoadWrapCore

/// The window on the command's last lines: each row as the terminal would show that line, the
/// last `capacity` of them, with exact bytes.
@Suite struct TailWindowTests {
    /// A window of `capacity` fed `chunks`, one chunk each.
    private static func window(_ capacity: Int, _ chunks: String...) -> TailWindow {
        var window = TailWindow(capacity: capacity)
        for chunk in chunks { feed(&window, Array(chunk.utf8)) }
        return window
    }

    private static func feed(_ window: inout TailWindow, _ bytes: [UInt8]) {
        bytes.withUnsafeBytes { window.feed($0) }
    }

    /// The rows as text, each cut to `columns`.
    private static func shown(_ window: TailWindow, columns: Int = 40) -> [String] {
        window.rows.map { String(decoding: $0.rendered(columns: columns), as: UTF8.self) }
    }

    @Test func keepsTheLastLinesAndThePartialOne() {
        #expect(Self.shown(Self.window(3, "a\nb\nc\nd\n")) == ["b", "c", "d"])
        #expect(Self.shown(Self.window(3, "a\nb\nc\nname? ")) == ["b", "c", "name?"], "blanks at the end are not sent")
        #expect(Self.shown(Self.window(3, "a\r\n", "b\r\n")) == ["a", "b"], "the pty's \\r\\n")
    }

    @Test func aBigChunkLaysOutOnlyItsEndAndKeepsItsRendition() {
        let lines = (1...1000).map { "line \($0)\n" }.joined()
        #expect(Self.shown(Self.window(2, "\u{1B}[31m" + lines + "x")) == ["\u{1B}[0;31mline 1000\u{1B}[0m", "\u{1B}[0;31mx\u{1B}[0m"])
    }

    @Test func carriageReturnsAndBackspacesShowTheLatestState() {
        #expect(Self.shown(Self.window(2, " 10% [#   ]\r 50% [##  ]\r", "100% [####]\n")) == ["100% [####]"])
        #expect(Self.shown(Self.window(1, "abc\u{8}\u{8}X")) == ["aXc"])
        #expect(Self.shown(Self.window(1, "\u{1B}[2K\rCompiling a\r\u{1B}[2KLinking")) == ["Linking"])
        #expect(Self.shown(Self.window(1, "long text\r\u{1B}[Kok")) == ["ok"])
    }

    @Test func tabsMoveToTheNextStopAsBlanks() {
        #expect(Self.shown(Self.window(1, "a\tb")) == ["a       b"])
        #expect(Self.shown(Self.window(1, "12345678\tb")) == ["12345678        b"])
    }

    @Test func everyEscapeButTheRenditionIsDropped() {
        let hostile = "\u{1B}]0;title\u{7}\u{1B}[2J\u{1B}[H\u{1B}[?1049hx\u{1B}[5Ay\u{1B}P1$r\u{1B}\\\u{9B}31mz\n"
        #expect(Self.shown(Self.window(1, hostile)) == ["xy31mz"], "a C1 CSI is dropped, the rest is text")
    }

    @Test func coloursAreKeptPerCellAndResetAtTheEnd() {
        let shown = Self.shown(Self.window(1, "\u{1B}[1;32mok\u{1B}[0m done \u{1B}[38;5;208mx\u{1B}[48;2;1;2;3my"))
        #expect(shown == ["\u{1B}[0;1;32mok\u{1B}[0m done \u{1B}[0;38;5;208mx\u{1B}[0;38;5;208;48;2;1;2;3my\u{1B}[0m"])
    }

    @Test func wideCharactersAndMarksTakeTheirColumns() {
        #expect(Self.shown(Self.window(1, "日本語テキスト"), columns: 5) == ["日本"], "a wide character never straddles the edge")
        #expect(Self.shown(Self.window(1, "e\u{301}tude"), columns: 3) == ["e\u{301}tu"])
        #expect(Self.shown(Self.window(1, "ab🙂cd"), columns: 4) == ["ab🙂"])
        #expect(Self.shown(Self.window(1, "日x\ra")) == ["a x"], "half a wide character written over blanks the rest")
        #expect(Self.shown(Self.window(1, "日本\r\u{1B}[Cx")) == [" x本"])
    }

    @Test func brokenUTF8ShowsAsReplacementAndSplitCharactersJoin() {
        #expect(Self.shown(Self.window(1, "a\u{FFFD}")) == ["a\u{FFFD}"])
        var window = TailWindow(capacity: 1)
        Self.feed(&window, [0x61, 0xE6, 0x97])
        Self.feed(&window, [0xA5, 0x62])
        #expect(Self.shown(window) == ["a日b"])
        Self.feed(&window, [0xE6, 0x41, 0xFF, 0x0A])
        #expect(Self.shown(window) == ["a日b\u{FFFD}A\u{FFFD}"])
    }

    @Test func bidiOverridesAndC1ControlsAreDropped() {
        #expect(Self.shown(Self.window(1, "a\u{202E}b\u{85}c\u{2066}d")) == ["abcd"])
    }

    @Test func anEndlessLineKeepsBoundedMemory() {
        var window = TailWindow(capacity: 2)
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 1 << 16)
        for _ in 0..<32 { Self.feed(&window, chunk) }
        #expect(window.rows.count == 1 && window.rows[0].cells.count == TailRow.widest)
        Self.feed(&window, Array("\rdone".utf8))
        #expect(Self.shown(window, columns: 6) == ["donexx"])
    }

    @Test func aZeroWindowKeepsNothing() {
        #expect(Self.window(0, "a\nb").rows.isEmpty)
    }

    @Test func theVersionChangesWithEachChunk() {
        var window = Self.window(2, "a")
        let before = window.version
        Self.feed(&window, Array("b".utf8))
        #expect(window.version != before)
    }
}
