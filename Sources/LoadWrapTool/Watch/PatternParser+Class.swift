extension PatternParser {
    /// A bracketed class after its `[`: characters, ranges and `\d \w \s` escapes, negated by a
    /// leading `^`. Nested classes, POSIX names and the set operators `&&`, `--`, `~~` give nil.
    mutating func characterClass() -> SymbolSet? {
        let negated = take("^")
        guard next != UInt8(ascii: "]") else { return nil }  // `[]…]` reads differently across engines
        var set = SymbolSet()
        var plain = true  // only literal characters: then a non-ASCII Character cannot match
        while !take("]") {
            guard let item = classItem() else { return nil }
            set.formUnion(item.set)
            plain = plain && item.plain
        }
        if !plain { set.other = true }
        return negated ? set.inverted : set
    }

    /// One item of a class, and whether it is a literal character.
    private mutating func classItem() -> (set: SymbolSet, plain: Bool)? {
        guard let low = classCharacter() else { return nil }
        if case .shorthand(let set) = low { return (set, false) }
        guard case .byte(let first) = low else { return nil }
        guard next == UInt8(ascii: "-"), peek(1) != UInt8(ascii: "]") else { return (.character(first), true) }
        index += 1
        guard case .byte(let last) = classCharacter(), first <= last else { return nil }
        var set = SymbolSet()
        set.insert(first...last)
        return (set, false)  // Regex compares a Character with the bounds, which can admit non-ASCII
    }

    /// What one position of a class holds.
    private enum ClassCharacter {
        /// A single ASCII character.
        case byte(UInt8)
        /// `\d`, `\w`, `\s` or a capital one.
        case shorthand(SymbolSet)
    }

    /// One character of a class, escaped or not; nil for what the parser does not read.
    private mutating func classCharacter() -> ClassCharacter? {
        guard let byte = next else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "["): return nil
        case UInt8(ascii: "-"):
            // Literal only first or last: elsewhere engines differ (a range, an error, `--`).
            let first = bytes[index - 2] == UInt8(ascii: "[") || (index >= 3 && bytes[index - 3...index - 2] == [0x5B, 0x5E])
            return next != byte && (first || next == UInt8(ascii: "]")) ? .byte(byte) : nil
        case UInt8(ascii: "&"), UInt8(ascii: "~"):
            return next == byte ? nil : .byte(byte)  // `&&` and `~~` are set operators
        case UInt8(ascii: "\\"):
            guard let escaped = next else { return nil }
            index += 1
            if let set = SymbolSet.shorthand(escaped) { return .shorthand(set) }
            let isLetterOrDigit = (escaped | 0x20 >= 0x61 && escaped | 0x20 <= 0x7A) || (0x30...0x39).contains(escaped)
            return isLetterOrDigit ? nil : .byte(escaped)
        default: return .byte(byte)
        }
    }
}
