/// Where blank cells in a background colour may be on the screen: an erase or a scroll while the
/// command had a background set fills cells with it (the terminal's "background colour erase"),
/// and the line drawn there, or its erase, would leave cells in the default colour among them.
struct ColouredBlanks: Equatable {
    /// On the cursor's line, until a line feed with the default background.
    var onLine = false
    /// Below the cursor, after an erase below it (ED 0 or 2): the rows the cursor moves into next
    /// are in that colour, until they are erased again with the default one.
    var below = false

    /// True when coloured blanks may be on the cursor's line or below it.
    var any: Bool { onLine || below }
}
