/// What the output scanner keeps while the command shows the alternate screen (a full-screen
/// program): the normal screen's state when it was entered, which leaving brings back. ?1049 also
/// saves the cursor on entry (with its rendition, as DECSC does) and restores it on leaving; ?47
/// and ?1047 restore no cursor, so where it moved on the alternate screen, it stays.
struct AlternateScreen {
    /// The cursor and what the output left around it: what ?1049 saves and restores.
    struct Cursor {
        /// The scanner's `atLineStart`.
        var atLineStart: Bool
        /// The scanner's `movedRows`.
        var movedRows: Bool
        /// The graphic rendition set.
        var rendition: GraphicRendition
        /// The cursor's row.
        var row: CursorRow
    }

    /// The normal screen's cursor when the alternate screen was entered.
    let normal: Cursor
    /// The normal screen's coloured blanks: what is erased on the alternate screen leaves the
    /// normal screen's cells as they were.
    let coloured: ColouredBlanks
    /// True when entered by ?1049 from the normal screen: only then does leaving by ?1049 put the
    /// cursor back where the normal screen had it.
    var cursorSaved: Bool
    /// True once the cursor moved rows on the alternate screen: ?47/?1047 do not restore the
    /// cursor, so on the normal screen it may now sit on a row with text.
    var movedRows = false

    /// The cursor once the normal screen is back, `current` being the alternate screen's: the one
    /// saved on entry where ?1049 restores it. Else the cursor stays, on a row not known here,
    /// which has moved where ?1049 restores a cursor saved elsewhere (or never) or where it moved
    /// on either screen.
    func leaving(restoringCursor: Bool, from current: Cursor) -> Cursor {
        if restoringCursor && cursorSaved { return normal }
        var after = current
        after.movedRows = restoringCursor || normal.movedRows || movedRows
        after.row.lose()
        return after
    }
}
