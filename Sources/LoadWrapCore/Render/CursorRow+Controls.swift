#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the output's cursor controls do to the row: the control sequences the scanner passes on,
/// and backspaces that may cross a wrap.
extension CursorRow {
    /// Follows what a control sequence (CSI, no private marker) does to the row: moves along it,
    /// erases in it, blanks inserted; anything else that moves the cursor or shifts text loses it.
    mutating func follow(final: UInt8, parameters: [Int]) {
        let count = max(1, parameters.first ?? 1)
        switch final {
        case UInt8(ascii: "C"): moveForward(by: count)
        case UInt8(ascii: "D"): moveBack(by: count)
        case UInt8(ascii: "a"): moveMaybe(by: count)
        case UInt8(ascii: "j"): moveMaybe(by: 0)
        case UInt8(ascii: "G"), UInt8(ascii: "`"): moveTo(count - 1)
        case UInt8(ascii: "I"): tab(count)
        case UInt8(ascii: "Z"): tabBack(count)
        case UInt8(ascii: "K"): eraseInLine(parameters.first ?? 0)
        case UInt8(ascii: "J"):
            // ED 0 erases the rest of the row too, ED 2 the whole screen; ED 1 and ED 3 leave it.
            let mode = parameters.first ?? 0
            if mode == 0 || mode == 2 { eraseInLine(mode) }
        case UInt8(ascii: "@"): insertBlanks(count)
        case UInt8(ascii: "g"): defaultTabStops = false  // TBC: the command's own tab stops
        case UInt8(ascii: "b"): lose()  // REP repeats a character not kept here
        default: if OutputScanner.rowMovingFinals.contains(final) { lose() }
        }
    }

    /// True when `text` holds a backspace and the row's text may have wrapped by then on a
    /// terminal `columns` wide (each byte takes at most one column). Terminals disagree on a
    /// backspace at column 0 of a row that text wrapped onto: tmux moves the cursor to the end of
    /// the row above (`screen_write_backspace` follows the line's wrapped flag), as xterm does with
    /// reverse-wraparound (mode 45); xterm without it, VTE and libvterm stay. The cursor's row is
    /// then not known, as after a CUU.
    func mayBackspaceAcrossWrap(_ text: UnsafeRawBufferPointer, columns: Int) -> Bool {
        guard let base = text.baseAddress, reach >= columns - text.count else { return false }
        return memchr(base, 0x08, text.count) != nil
    }
}
