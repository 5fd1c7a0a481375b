/// The layout of the overlay line, `FRAME TITLE ELAPSED`, cut to the terminal's width.
enum SpinnerLine {
    /// Starts the frame's colour: cyan foreground (SGR 36).
    private static let frameColorOn = "\u{1B}[36m"
    /// Ends the frame's colour: default foreground (SGR 39), leaving other attributes alone.
    private static let frameColorOff = "\u{1B}[39m"
    /// Starts the elapsed time's faint intensity (SGR 2).
    private static let elapsedDimOn = "\u{1B}[2m"
    /// Ends faint intensity (SGR 22, normal intensity), leaving colours alone.
    private static let elapsedDimOff = "\u{1B}[22m"

    /// The line's bytes, without cursor movement, at most `columns - 1` columns wide; `title` is
    /// already sanitised.
    ///
    /// The last column is never written: a character there leaves the terminal in its
    /// pending-wrap state, and on some terminals the line then wraps and scrolls. When the
    /// line is too wide the title is shortened with an ellipsis; when even frame and elapsed
    /// time do not fit, the elapsed time and title go; then the frame.
    static func render(frame: String, title: String, elapsedMS: Int, columns: Int, color: Bool, utf8: Bool) -> String {
        let available = columns - 1
        let frameWidth = DisplayWidth.of(frame)
        guard available > 0, frameWidth <= available else { return "" }
        let elapsed = ElapsedFormat.seconds(ms: elapsedMS)
        let elapsedWidth = DisplayWidth.of(elapsed)
        let drawnFrame = color ? frameColorOn + frame + frameColorOff : frame
        guard frameWidth + 1 + elapsedWidth <= available else { return drawnFrame }
        let drawnElapsed = color ? elapsedDimOn + elapsed + elapsedDimOff : elapsed

        let ellipsis = utf8 ? "…" : "..."
        let titleRoom = available - frameWidth - elapsedWidth - 2
        guard !title.isEmpty, titleRoom >= DisplayWidth.of(ellipsis) else {
            return drawnFrame + " " + drawnElapsed
        }
        let shownTitle = DisplayWidth.truncate(title, toColumns: titleRoom, ellipsis: ellipsis)
        return drawnFrame + " " + shownTitle + " " + drawnElapsed
    }
}
