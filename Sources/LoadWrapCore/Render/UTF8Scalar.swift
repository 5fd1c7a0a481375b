/// What the cursor's row reads of a UTF-8 character: how long its encoding is, whether the value
/// is one UTF-8 may encode, and whether every terminal agrees on how wide it is. Only such
/// characters keep the row's columns known (`CursorRow`).
enum UTF8Scalar {
    /// The length of the UTF-8 sequence `lead` begins: 2 to 4, or 1 for ASCII and for bytes that
    /// begin none (continuations, C0, C1, F5–FF).
    static func sequenceLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: return 2
        case 0xE0...0xEF: return 3
        case 0xF0...0xF4: return 4
        default: return 1
        }
    }

    /// False for overlong forms, surrogates and values past U+10FFFF.
    static func isValid(_ value: UInt32, length: Int) -> Bool {
        let least: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
        return value >= least && value <= 0x10_FFFF && !(0xD800...0xDFFF).contains(value)
    }

    /// False for the scalars whose width terminals disagree on: C1 controls, joiners, variation
    /// selectors, line and paragraph separators, emoji, the hexagram block (tmux: 2, wcwidth: 1),
    /// and characters newer than Unicode 9.0 (2016), or not assigned, which a terminal's own width
    /// table may not know yet (tmux 3.3 counts U+2FFC, new in 15.1, as no column at all).
    static func widthIsCertain(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        guard value < 0x1F000, !(0x80..<0xA0).contains(value), !(0x200B...0x200F).contains(value),
              !(0x2028...0x2029).contains(value), !(0x4DC0...0x4DFF).contains(value),
              !(0xFE00...0xFE0F).contains(value) else {
            return false
        }
        guard let age = scalar.properties.age else { return false }
        return age.major < 9 || (age.major == 9 && age.minor == 0)
    }
}
