import Testing
@testable import LoadWrapCore

/// Where terminals disagree on what output did, the scanner takes the row as not known, so the
/// line never lands on a row that holds the command's text in one of them.
@Suite struct OutputScannerEngineTests {
    /// A scanner for an 80-column terminal that has seen `chunks`, each as one read.
    private static func scanned(_ chunks: String...) -> OutputScanner {
        var scanner = OutputScanner()
        scanner.columns = 80
        for chunk in chunks { scanner.scan(chunk) }
        return scanner
    }

    /// tmux takes a backspace at column 0 back to the end of the row the text wrapped from; xterm,
    /// VTE and libvterm stay. A line feed then lands on the wrapped row's rest in one and on a
    /// blank row in the others (shared/fuzz-cases/screen-111-min.py, minimised from the fuzz).
    @Test func aBackspaceAfterTextWrappedLosesTheRow() {
        let wrapped = "\u{1B}[69Gdonebuild cache" + String(repeating: "\u{8}", count: 13) + "beta"
        #expect(Self.scanned(wrapped, "\r\n").movedRows)
        #expect(!Self.scanned(wrapped, "\r\n").allowsOverlay)
        #expect(Self.scanned(String(repeating: "x", count: 79), "y\u{8}z\r\n").movedRows, "a wrap within the read")
        #expect(Self.scanned(String(repeating: "x", count: 70), "0123456789ab\u{8}\r\n").movedRows, "a wrap in the next read")
    }

    /// A spinner drawn with backspaces on a short row moves nothing but the column.
    @Test func aBackspaceOnARowThatNeverWrappedIsFollowed() {
        let spinner = Self.scanned("working |", "\u{8}/", "\u{8}-", "\u{8}\\", "\u{8}done\r\n")
        #expect(!spinner.movedRows)
        #expect(spinner.allowsOverlay)
        var unknownWidth = OutputScanner()
        unknownWidth.scan(String(repeating: "x", count: 100) + "\u{8}\r\n")
        #expect(!unknownWidth.movedRows, "a width not told wraps nothing")
    }

    /// ICH and DCH on a blank row mark its cells used in tmux, so a clear screen later pushes the
    /// row into the scrollback; the line's erase would unmark them. The row is no empty line
    /// (shared/fuzz-cases/screen-6062.py and screen-6641.py).
    @Test func insertedOrDeletedCharactersMakeTheRowNoEmptyLine() {
        #expect(!Self.scanned("text\n\u{1B}[2P").atLineStart)
        #expect(!Self.scanned("text\n\u{1B}[@").atLineStart)
        #expect(Self.scanned("text\n\u{1B}[2P", "\n").atLineStart, "until the next row")
        #expect(Self.scanned("text\n\u{1B}[K").atLineStart, "an erase leaves a blank row unused in tmux too")
    }

    /// ECH on a blank row makes blank cells in VTE, which a tab then passes over as text; the
    /// line's erase would take them away (fuzz seed 30425).
    @Test func erasedCharactersMakeTheRowNoEmptyLine() {
        #expect(!Self.scanned("text\n\u{1B}[8X").atLineStart)
        #expect(Self.scanned("text\n\u{1B}[8X", "\n").atLineStart, "until the next row")
    }
}
