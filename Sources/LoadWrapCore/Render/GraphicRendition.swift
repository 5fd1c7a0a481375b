/// Which SGR attributes a command left set, tracked coarsely: enough to know whether the
/// terminal is back to its default colours.
struct GraphicRendition {
    /// Attributes 1–9 (bold, dim, italic, …) as bits, plus foreground, background and "unknown".
    private var bits: UInt32 = 0

    private static let foreground: UInt32 = 1 << 10
    private static let background: UInt32 = 1 << 11
    private static let other: UInt32 = 1 << 12

    /// True when nothing is set: drawing with default colours matches the command's state.
    var isDefault: Bool { bits == 0 }

    /// True while erasing, inserting or scrolling leaves blank cells that show, which the
    /// overlay's erase would wipe: in a background colour (xterm, tmux, VTE), and in libvterm
    /// 0.1.4 with the whole pen, underlined, reversed or struck through too (`printf
    /// '\033[4m\033[2J'` underlines every blank row there). An attribute not followed counts.
    var marksBlanks: Bool { bits & Self.blankMarking != 0 }

    private static let blankMarking: UInt32 = background | other | 1 << 4 | 1 << 7 | 1 << 9

    /// The rendition is no longer known: a restored cursor brings back the rendition saved with
    /// it, in libvterm a zeroed one (black on black, set) when nothing was saved.
    mutating func lose() { bits |= Self.other }

    /// Applies the parameters of one `CSI … m`.
    mutating func apply<Parameters: RandomAccessCollection<Int>>(_ parameters: Parameters) where Parameters.Index == Int {
        if parameters.isEmpty { bits = 0; return }
        var index = parameters.startIndex
        while index < parameters.endIndex {
            index += applyOne(parameters, at: index)
        }
    }

    /// Applies the parameter at `index`; returns how many parameters it used.
    private mutating func applyOne<Parameters: RandomAccessCollection<Int>>(_ p: Parameters, at index: Int) -> Int
    where Parameters.Index == Int {
        switch p[index] {
        case 0: bits = 0
        case 1...9: bits |= 1 << UInt32(p[index])
        // 21 is "doubly underlined" (ECMA-48, xterm, VTE, Linux since 4.17); 24 ends it like 4.
        case 21: bits |= 1 << 4
        case 22: bits &= ~(1 << 1 | 1 << 2)
        // 25 ends slow (5) and rapid (6) blinking alike; 26 is no reset, so it stays "other".
        case 25: bits &= ~(1 << 5 | 1 << 6)
        case 23, 24, 27, 28, 29: bits &= ~(1 << UInt32(p[index] - 20))
        case 30...37, 90...97: bits |= Self.foreground
        case 39: bits &= ~Self.foreground
        case 40...47, 100...107: bits |= Self.background
        case 49: bits &= ~Self.background
        case 38, 48:
            bits |= p[index] == 38 ? Self.foreground : Self.background
            let form = index + 1 < p.endIndex ? p[index + 1] : 0
            return form == 5 ? 3 : form == 2 ? 5 : 1
        default: bits |= Self.other
        }
        return 1
    }
}
