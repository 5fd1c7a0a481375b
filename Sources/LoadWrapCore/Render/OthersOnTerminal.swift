/// What other processes' output has left on the terminal the line is drawn on, as far as the tool
/// follows it: the reader of a guest's pipe prints what loadwrap hands it (`| cat`, `| tee`). The
/// painter reads it where it decides whether and where the line may show; following that output
/// is the tool's business.
package struct OthersOnTerminal: Equatable, Sendable {
    /// Their output left the cursor at the start of an empty line.
    var atLineStart = true
    /// Their output stopped inside an escape sequence or a UTF-8 character.
    var unfinished = false
    /// Their output leaves room for the line: no alternate screen, rendition or rows moved.
    var leavesRoom = true
    /// Their output hid the cursor, or turned autowrap off; the line then leaves either alone.
    var cursorHidden = false
    var autowrapOff = false
    /// Their output switched to the alternate screen.
    var alternateScreen = false

    /// Nothing printed by others, or nothing followed.
    package init() {}

    /// What output followed by `scanner` left on the terminal.
    package init(_ scanner: OutputScanner) {
        atLineStart = scanner.atLineStart
        unfinished = scanner.insideSequence
        leavesRoom = scanner.leavesRoomForOverlay
        (cursorHidden, autowrapOff, alternateScreen) = (scanner.cursorHidden, scanner.autowrapOff, scanner.alternateScreen)
    }
}
