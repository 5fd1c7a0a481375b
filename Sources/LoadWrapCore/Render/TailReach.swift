/// How many rows below the row where the held output began a terminal showing it bare would have
/// taken the cursor: the rows the bare run needed, and so the most the block may take without
/// scrolling the screen further than the bare run would have (docs/tail.md, "What the final
/// screen is"). A command that moves the cursor up (multi-line progress, a redrawn status) needs
/// fewer rows than it wrote lines: counting line feeds alone let the block scroll the screen
/// where the bare run did not, and a failure's replay, starting higher, then differed from it.
///
/// The count errs low, never high, as loadwrap does not know the cursor's row on the screen:
/// line feeds (LF, VT, FF, IND, NEL) go down a row; CUU, CPL and RI go up, without stopping at a
/// top it cannot see; DECSC/DECRC and SCOSC/SCORC save and restore, and a restore of nothing saved
/// goes home, as the terminal's slot may hold the home position (a fresh terminal's); CUP, HVP and
/// VPA take the row as counted from the lowest row the output could have begun on (the screen's last). Moves down
/// that never scroll (CUD, CNL, VPR) and lines that wrap are not counted.
struct TailReach: Sendable {
    /// The cursor's row, relative to the output's first.
    private var row = 0
    /// The row DECSC or SCOSC saved; nil: none yet.
    private var saved: Int?
    /// The lowest row the cursor has reached, relative to the first: the rows the bare output needed below it.
    private(set) var deepest = 0
    /// Escape-sequence state carried across chunks.
    private var parser = EscapeParser()
    /// Once `deepest` reaches this, no block can be taller than the bare output: nothing more to follow.
    let enough: Int

    /// Follows until the bare output has gone `enough` rows down.
    init(enough: Int) {
        self.enough = enough
    }

    /// True when the cursor is on the lowest row it has reached (where a prompt waits).
    var atDeepest: Bool { row == deepest }

    /// Follows one chunk on a screen `screenRows` tall.
    mutating func feed(_ chunk: UnsafeRawBufferPointer, screenRows: Int) {
        // Checked per chunk, then per byte: a `where` on the loop would still visit every byte.
        guard deepest < enough else { return }
        for byte in chunk {
            guard deepest < enough else { return }
            if parser.isActive {
                if let sequence = parser.feed(byte) { apply(sequence, screenRows: screenRows) }
            } else if byte == 0x1B {
                parser.start()
            } else if byte >= 0x0A && byte <= 0x0C {
                move(to: row + 1)
            }
        }
    }

    private mutating func apply(_ sequence: EscapeParser.Sequence, screenRows: Int) {
        switch sequence {
        case .escape(UInt8(ascii: "D")), .escape(UInt8(ascii: "E")): move(to: row + 1)
        case .escape(UInt8(ascii: "M")): row -= 1
        case .escape(UInt8(ascii: "7")): saved = row
        case .escape(UInt8(ascii: "8")): restore(screenRows: screenRows)
        case .csi(let final, nil, let parameters):
            let count = max(1, parameters.first ?? 1)
            switch final {
            case UInt8(ascii: "A"), UInt8(ascii: "F"): row -= count
            case UInt8(ascii: "H"), UInt8(ascii: "f"), UInt8(ascii: "d"): row = count - screenRows
            case UInt8(ascii: "s"): saved = row
            case UInt8(ascii: "u"): restore(screenRows: screenRows)
            default: break
            }
        default: break
        }
    }

    /// DECRC or SCORC: the row saved, or the screen's top (`CUP 1`) when nothing was.
    private mutating func restore(screenRows: Int) {
        row = saved ?? 1 - screenRows
    }

    private mutating func move(to next: Int) {
        row = next
        deepest = max(deepest, row)
    }
}
