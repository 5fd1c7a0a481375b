import LoadWrapTestSupport
@testable import LoadWrapKit

/// Test fixtures shared by the `LoadIndicator` tests.
enum Fixture {
    /// Monochrome UTF-8, a normal terminal.
    static let plainUTF8 = IndicatorEnvironment(color: false, utf8: true, dumbTerminal: false)

    /// An indicator on `sink` with `clock`, no real timer, and the environment given.
    static func indicator(
        title: String = "Build", style: SpinnerStyle = .dots, delay: Duration = .zero, tail: Int = 0,
        sink: LoadIndicatorOutput.Memory, clock: ManualClock, environment: IndicatorEnvironment = plainUTF8
    ) -> LoadIndicator {
        LoadIndicator(
            .init(title: title, style: style, delay: delay, tail: tail), output: .memory(sink), clock: clock,
            environment: environment, animates: false)
    }

    /// `text` as the bytes a test compares with.
    static func bytes(_ text: String) -> [UInt8] {
        Array(text.utf8)
    }

    /// Hide the cursor, then the line at column 0: what the first draw writes.
    static func firstDraw(_ line: String) -> [UInt8] {
        bytes("\u{1B}[?25l\r\u{1B}[?7l\(line)\u{1B}[K\u{1B}[?7h\r")
    }

    /// A redraw of a line already shown.
    static func redraw(_ line: String) -> [UInt8] {
        bytes(redrawText(line))
    }

    /// A redraw of a line already shown, as text.
    static func redrawText(_ line: String) -> String {
        "\r\u{1B}[?7l\(line)\u{1B}[K\u{1B}[?7h\r"
    }

    /// Erase the line and show the cursor: what stop writes.
    static let erase = bytes("\r\u{1B}[K\u{1B}[?25h")

    /// Erase a block of the line and `count` rows under the cursor's row, each row alone, and
    /// show the cursor: no row under the block is touched.
    static func erase(rowsBelow count: Int) -> [UInt8] {
        bytes("\r\u{1B}[K" + String(repeating: "\n\u{1B}[K", count: count) + "\u{1B}[\(count)A\u{1B}[?25h")
    }
}
