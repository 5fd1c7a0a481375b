extension SpinnerLine {
    /// How a line's text is drawn, whatever it says: in colour or not, and in UTF-8 or ASCII. Apart
    /// from the frame, which the caller picks (the overlay keeps its frames by index), it is all of
    /// `Overlay.Look` a layout reads.
    struct Appearance: Equatable, Sendable {
        /// Whether the frame, the bar and the elapsed time are coloured (SGR), or the time dimmed.
        var color: Bool
        /// Whether the terminal takes UTF-8: else `...` for the ellipsis, `-` for the separator's dot.
        var utf8: Bool
    }
}
