/// What the spinner line's last draw covers on the screen, and the bytes that erase exactly that:
/// the rows loadwrap wrote on, and no other (docs/design.md, "Touch only the rows drawn").
///
/// Why not one erase below (ED 0) for everything: VTE (GNOME Terminal, Ptyxis, Tilix) makes a row
/// exist once anything writes or erases on it, and its clear screen (`ESC[2J`, Ctrl-L) moves every
/// existing row into the scrollback. An ED from the line's row touches every row down to the
/// bottom of the screen, so after the run a clear left a screenful of blank rows in the scrollback
/// that the bare run does not leave (vte's `clear_screen`, src/vteseq.cc: a screenful of new rows
/// goes after the last row that exists, so every row before it stays in the scrollback).
struct Footprint: Sendable {
    /// Where the line was drawn.
    var placement = Overlay.Placement.line
    /// The columns from 0 the drawing may reach: the line, and the rows of a block, are cut to it.
    var reach = 0
    /// The rows under the cursor's row drawn with the line, as one block with it (the tail's
    /// window and the rows of commands side by side; the cursor rests on the block's top row).
    var rowsBelow = 0
    /// True when a resize since the draw may have moved what was drawn onto rows it was not
    /// drawn on: the window narrowed below `reach` (a terminal that reflows rewraps the rows), or
    /// got shorter with rows below the cursor (tmux drops rows below the cursor first).
    var moved = false
    /// True when the line hid the cursor, which the erase shows again.
    var hidCursor = false

    /// The bytes that erase the drawing on a terminal now `columns` wide, the cursor where it
    /// rested: at column 0 of the line's (or block's top) row, or beside a line at the end of the
    /// command's text.
    func erase(columns: Int) -> [UInt8] {
        let anywhere = moved || columns < reach
        switch placement {
        case .beside: return anywhere ? Self.eraseBelow : Self.eraseLine
        case .line: return anywhere ? Self.eraseRowAndBelow : rows
        }
    }

    /// The erase when the terminal has just echoed a key (`^C`) at the cursor, over the start of
    /// the line: from the cursor on, so the echo stays, as it does bare. Where the echo did not
    /// happen (yet), the cursor is still at column 0 and this is the whole line. With rows below,
    /// where the cursor's column is not known (0 or past the echo), per-row erases could not put
    /// it back: everything below goes, as before the block was measured.
    func eraseAfterEcho(columns: Int) -> [UInt8] {
        moved || columns < reach || rowsBelow > 0 ? Self.eraseFromCursorAndBelow : Self.eraseLine
    }

    /// The line's row and each row of the block under it, each erased whole, then back up to the
    /// top, column 0. Down by line feeds, as the block was drawn (`TailBlock.move`): each row
    /// under the cursor is one the block made exist.
    private var rows: [UInt8] {
        guard rowsBelow > 0 else { return Self.eraseRow }
        var bytes = Self.eraseRow
        for _ in 0..<rowsBelow { bytes += Self.nextRowErased }
        return bytes + Array("\u{1B}[\(rowsBelow)A".utf8)
    }

    /// The row from column 0, the cursor left there.
    private static let eraseRow: [UInt8] = Array("\r\u{1B}[K".utf8)
    /// The row below, whole.
    private static let nextRowErased: [UInt8] = Array("\n\u{1B}[K".utf8)
    /// Erase to the end of the line (EL 0).
    private static let eraseLine: [UInt8] = Array("\u{1B}[K".utf8)
    /// Erase from the cursor to the end of the screen (ED 0): beside a line, however a terminal
    /// that reflows has rewrapped the row since, everything after the command's text is the
    /// line's, or blank.
    private static let eraseBelow: [UInt8] = Array("\u{1B}[J".utf8)
    /// The row, one step right, everything below, back to column 0: wherever a reflow has put
    /// the line's rows, they are at or under the cursor. The step right first: tmux pushes its
    /// whole screen into the scrollback on an `ESC[J` from the top-left corner
    /// (`Scripts/experiments/reflow_replay.py`).
    private static let eraseRowAndBelow: [UInt8] = Array("\r\u{1B}[K\u{1B}[C\u{1B}[J\r".utf8)
    /// The rest of the row, one step right, everything below, one step back: the same at column 0
    /// (the echo not there yet) as after the echo, and not an erase from the top-left corner.
    private static let eraseFromCursorAndBelow: [UInt8] = Array("\u{1B}[K\u{1B}[C\u{1B}[J\u{1B}[D".utf8)
}
