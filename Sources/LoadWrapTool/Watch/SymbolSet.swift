/// The symbols a line automaton reads: each printable ASCII character as itself, and one symbol,
/// `other`, for any other Character of the sanitised text (non-ASCII, or ASCII with combining marks).
///
/// Swift's Regex matches Characters (grapheme clusters), so on a line of printable ASCII every
/// byte is one Character and byte matching is exact; anything else is summarised as `other`,
/// which an atom matches whenever Regex might.
struct SymbolSet: Equatable {
    /// Bits for the ASCII codes 0–63.
    private var low: UInt64 = 0
    /// Bits for the ASCII codes 64–127.
    private var high: UInt64 = 0
    /// Whether the set holds the `other` symbol.
    var other = false

    /// The symbol index of `other`, just past the ASCII codes.
    static let otherSymbol = 128

    /// ASCII characters that a non-ASCII Character equals under canonical equivalence, which Regex
    /// applies: U+212A KELVIN SIGN is `K`, U+037E GREEK QUESTION MARK is `;`, U+1FEF is a backtick
    /// (UnicodeData.txt, singleton decompositions to ASCII).
    static let canonicalTwins: [UInt8] = Array("K;`".utf8)

    /// The set of one ASCII character, with `other` when a non-ASCII Character may equal it.
    static func character(_ byte: UInt8) -> SymbolSet {
        var set = SymbolSet()
        set.insert(byte)
        set.other = canonicalTwins.contains(byte)
        return set
    }

    /// Every symbol: what `.` matches (lines reach the automaton without line breaks).
    static var all: SymbolSet {
        var set = SymbolSet()
        set.low = ~0
        set.high = ~0
        set.other = true
        return set
    }

    /// Adds an ASCII code.
    mutating func insert(_ byte: UInt8) {
        if byte < 64 { low |= 1 << UInt64(byte) } else if byte < 128 { high |= 1 << UInt64(byte - 64) }
    }

    /// Adds the ASCII codes `range`.
    mutating func insert(_ range: ClosedRange<UInt8>) {
        for byte in range { insert(byte) }
    }

    /// Adds every symbol of `set`.
    mutating func formUnion(_ set: SymbolSet) {
        low |= set.low
        high |= set.high
        other = other || set.other
    }

    /// The ASCII codes not in the set; `other` stays in, as a negated class or `\D` matches
    /// non-ASCII Characters.
    var inverted: SymbolSet {
        var set = SymbolSet()
        set.low = ~low
        set.high = ~high
        set.other = true
        return set
    }

    /// Whether the set holds `symbol` (an ASCII code, or `otherSymbol`).
    func contains(_ symbol: Int) -> Bool {
        if symbol == Self.otherSymbol { return other }
        return symbol < 64 ? low & (1 << UInt64(symbol)) != 0 : high & (1 << UInt64(symbol - 64)) != 0
    }

    /// The single ASCII code the set holds when it holds exactly one and no `other`, else nil:
    /// the pieces of a literal every match must contain.
    var single: UInt8? {
        guard !other, low.nonzeroBitCount + high.nonzeroBitCount == 1 else { return nil }
        return UInt8(low != 0 ? low.trailingZeroBitCount : 64 + high.trailingZeroBitCount)
    }

    /// `\d`, `\w`, `\s` and their negations, or nil for another letter. The positive ones keep
    /// `other`: Regex's classes are Unicode-aware (`\d` matches `٣`).
    static func shorthand(_ letter: UInt8) -> SymbolSet? {
        var set = SymbolSet()
        switch letter | 0x20 {
        case UInt8(ascii: "d"): set.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
        case UInt8(ascii: "w"):
            set.insert(UInt8(ascii: "0")...UInt8(ascii: "9"))
            set.insert(UInt8(ascii: "A")...UInt8(ascii: "Z"))
            set.insert(UInt8(ascii: "a")...UInt8(ascii: "z"))
            set.insert(UInt8(ascii: "_"))
        case UInt8(ascii: "s"): set.insert(0x09...0x0D); set.insert(0x20)
        default: return nil
        }
        set.other = true
        return letter < 0x60 ? set.inverted : set
    }
}
