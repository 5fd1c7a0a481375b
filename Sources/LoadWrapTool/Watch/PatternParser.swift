/// Reads a `--until` or `--progress-from` pattern into a `PatternNode` when it uses only the subset
/// the line automaton handles, else gives nil. It runs after Regex accepted the pattern, and it is
/// conservative: whatever it does not recognise (flags, lookaround, backreferences, `\b`, `\p`,
/// possessive quantifiers, nested or set-operation classes, non-ASCII) means no automaton, never
/// a different meaning.
struct PatternParser {
    /// The pattern's bytes.
    let bytes: [UInt8]
    /// Where the parser is.
    var index = 0
    /// Most copies a counted quantifier may make, so the automaton stays small.
    private static let countLimit = 64

    /// The parsed pattern, or nil when it is outside the subset.
    static func parse(_ pattern: String) -> PatternNode? {
        var parser = PatternParser(bytes: Array(pattern.utf8))
        guard parser.bytes.allSatisfy({ (0x20...0x7E).contains($0) }), let node = parser.alternation(),
              parser.index == parser.bytes.count else { return nil }
        return node
    }

    /// Initialises over `bytes`.
    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// The next byte, or nil at the end.
    var next: UInt8? { peek(0) }

    /// The byte `offset` past the next one, or nil past the end.
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

    /// Consumes `byte` when it comes next.
    mutating func take(_ byte: Character) -> Bool {
        guard next == byte.asciiValue else { return false }
        index += 1
        return true
    }

    /// Branches separated by `|`, up to a `)` or the end.
    private mutating func alternation() -> PatternNode? {
        var branches: [PatternNode] = []
        repeat {
            guard let branch = sequence() else { return nil }
            branches.append(branch)
        } while take("|")
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    /// Quantified atoms one after another, up to `|`, `)` or the end.
    private mutating func sequence() -> PatternNode? {
        var parts: [PatternNode] = []
        while let byte = next, byte != UInt8(ascii: "|"), byte != UInt8(ascii: ")") {
            guard let atom = atom() else { return nil }
            guard let part = quantified(atom) else { return nil }
            parts.append(part)
        }
        return .sequence(parts)
    }

    /// `atom` with the quantifier that follows it, if any.
    private mutating func quantified(_ atom: PatternNode) -> PatternNode? {
        let bounds: (Int, Int?)
        if take("*") { bounds = (0, nil) } else if take("+") { bounds = (1, nil) } else if take("?") {
            bounds = (0, 1)
        } else if next == UInt8(ascii: "{") {
            guard let counted = counts() else { return nil }
            bounds = counted
        } else {
            return atom
        }
        if case .lineStart = atom { return nil }
        if case .lineEnd = atom { return nil }
        _ = take("?")  // lazy: the same lines match
        if next == UInt8(ascii: "+") || next == UInt8(ascii: "*") || next == UInt8(ascii: "?") || next == UInt8(ascii: "{") {
            return nil  // possessive (`a++`) can refuse a match; stacked quantifiers are not worth it
        }
        return .repetition(atom, min: bounds.0, max: bounds.1)
    }

    /// `{m}`, `{m,}`, `{m,n}` or `{,n}`, within `countLimit`.
    private mutating func counts() -> (Int, Int?)? {
        index += 1
        let low = number()
        var high = low
        if take(",") { high = number() } else if low == nil { return nil }
        guard take("}") else { return nil }
        let min = low ?? 0
        guard min <= Self.countLimit, (high ?? min) <= Self.countLimit, min <= (high ?? min) else { return nil }
        return (min, high)
    }

    /// A decimal number of up to three digits, or nil.
    private mutating func number() -> Int? {
        var value: Int?
        while let byte = next, (0x30...0x39).contains(byte), (value ?? 0) < 1000 {
            value = (value ?? 0) * 10 + Int(byte - 0x30)
            index += 1
        }
        return value
    }

    /// One atom: a group, a class, `.`, an anchor, an escape or a literal character.
    private mutating func atom() -> PatternNode? {
        guard let byte = next else { return nil }
        index += 1
        switch byte {
        case UInt8(ascii: "("): return group()
        case UInt8(ascii: "["): return characterClass().map(PatternNode.atom)
        case UInt8(ascii: "."): return .atom(.all)
        case UInt8(ascii: "^"): return .lineStart
        case UInt8(ascii: "$"): return .lineEnd
        case UInt8(ascii: "\\"): return escape().map(PatternNode.atom)
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "{"), UInt8(ascii: "}"),
             UInt8(ascii: "]"): return nil
        default: return .atom(.character(byte))
        }
    }

    /// A group after its `(`: plain, `(?:`, or named `(?<name>` / `(?P<name>`.
    private mutating func group() -> PatternNode? {
        if take("?") {
            if take(":") {} else if take("<") || (take("P") && take("<")) {
                guard nameThenClose() else { return nil }
            } else {
                return nil
            }
        }
        guard let inner = alternation(), take(")") else { return nil }
        return inner
    }

    /// A group name of word characters followed by `>`.
    private mutating func nameThenClose() -> Bool {
        let start = index
        while let byte = next, byte == UInt8(ascii: "_") || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A)
            || (index > start && (0x30...0x39).contains(byte)) {
            index += 1
        }
        return index > start && take(">")
    }

    /// An escape after its `\`: `\d \w \s`, their capitals, `\t`, or escaped punctuation.
    private mutating func escape() -> SymbolSet? {
        guard let byte = next else { return nil }
        index += 1
        if let set = SymbolSet.shorthand(byte) { return set }
        if byte == UInt8(ascii: "t") { return .character(0x09) }
        let isPunctuation = !(byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) && !(0x30...0x39).contains(byte)
        return isPunctuation ? .character(byte) : nil
    }
}
