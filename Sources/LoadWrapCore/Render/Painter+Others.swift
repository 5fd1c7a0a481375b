/// What others print on the terminal the line is drawn on (the reader of a guest's pipe, a
/// loadwrap beside this one), as the tool tells the painter: the line goes before they print,
/// and their output decides where the cursor is when it came last.
extension Painter {
    /// The bytes that take the line away because others are about to print on the terminal: it
    /// stays away until `untilMS`, and is read anew from then (they may not have caught up).
    package mutating func othersAboutToPrint(quietUntilMS untilMS: Int) -> [UInt8] {
        quietUntilMS = untilMS
        lastView = nil
        return overlay.erase()
    }

    /// Notes what others' output, printed after whatever was last written, left on the terminal.
    package mutating func othersPrinted(_ state: OthersOnTerminal) {
        others = state
        othersWroteLast = true
    }

    /// Notes what others' output left on the terminal, without it being the last written (data
    /// that turned out binary: its reader prints none of it, only its modes stay).
    package mutating func othersKept(_ state: OthersOnTerminal) {
        others = state
        othersWroteLast = false
    }

    /// Notes that another loadwrap wrote on the terminal since the line was last drawn: it gives
    /// the terminal back only with the cursor at the start of an empty line.
    package mutating func othersWrote() {
        scanner.mark(atLineStart: true)
        othersWroteLast = false
        lastView = nil
    }
}
