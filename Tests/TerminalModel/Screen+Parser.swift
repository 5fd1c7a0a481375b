/// Where the byte parser is inside an escape sequence (after the VT500 state diagram, trimmed).
public struct ParserState: Sendable {
    public enum Phase: Sendable {
        case ground, escape, escapeIntermediate, csi, osc, oscEscape, string, stringEscape
    }

    public internal(set) var phase = Phase.ground
    /// Parameter and intermediate bytes of the CSI sequence being read.
    var csi: [UInt8] = []
    /// Body of the OSC string being read.
    var osc: [UInt8] = []
    /// Bytes of an incomplete UTF-8 sequence, and how many it needs.
    var utf8: [UInt8] = []
    var utf8Needed = 0
}

extension Screen {
    /// Interprets `bytes` as they reach the terminal.
    public mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes { feed(byte) }
    }

    /// Interprets `text` encoded as UTF-8.
    public mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    private mutating func feed(_ byte: UInt8) {
        switch parser.phase {
        case .ground: ground(byte)
        case .escape: escape(byte)
        case .escapeIntermediate:
            if byte < 0x20 { control(byte) } else if byte >= 0x30 { parser.phase = .ground }
        case .csi: csi(byte)
        case .osc:
            if byte == 0x07 {
                endOSC()
            } else if byte == 0x1B {
                parser.phase = .oscEscape
            } else if parser.osc.count < 4096 {
                parser.osc.append(byte)
            }
        case .oscEscape:
            endOSC()
            if byte != UInt8(ascii: "\\") { escape(byte) }
        case .string:
            if byte == 0x1B { parser.phase = .stringEscape }
        case .stringEscape:
            parser.phase = byte == UInt8(ascii: "\\") ? .ground : .string
        }
    }

    private mutating func ground(_ byte: UInt8) {
        if parser.utf8Needed > 0 {
            if byte & 0xC0 == 0x80 {
                parser.utf8.append(byte)
                if parser.utf8.count == parser.utf8Needed { flushUTF8() }
                return
            }
            parser.utf8 = []
            parser.utf8Needed = 0
            print("\u{FFFD}")
        }
        switch byte {
        case 0x00..<0x20: control(byte)
        case 0x7F: break
        case 0x20..<0x80: print(Unicode.Scalar(byte))
        case 0xC2...0xDF: startUTF8(byte, 2)
        case 0xE0...0xEF: startUTF8(byte, 3)
        case 0xF0...0xF4: startUTF8(byte, 4)
        default: print("\u{FFFD}")
        }
    }

    private mutating func startUTF8(_ byte: UInt8, _ count: Int) {
        parser.utf8 = [byte]
        parser.utf8Needed = count
    }

    private mutating func flushUTF8() {
        let text = String(decoding: parser.utf8, as: UTF8.self)
        parser.utf8 = []
        parser.utf8Needed = 0
        for scalar in text.unicodeScalars { print(scalar) }
    }

    /// C0 controls, which act even in the middle of an escape sequence.
    private mutating func control(_ byte: UInt8) {
        switch byte {
        case 0x08: backspace()
        case 0x09: tab()
        case 0x0A, 0x0B, 0x0C: index()
        case 0x0D: carriageReturn()
        case 0x18, 0x1A: parser.phase = .ground
        case 0x1B:
            parser.phase = .escape
        default: break
        }
    }

    private mutating func escape(_ byte: UInt8) {
        parser.phase = .ground
        switch byte {
        case 0x00..<0x20: control(byte)
        case 0x20..<0x30: parser.phase = .escapeIntermediate
        case UInt8(ascii: "["):
            parser.csi = []
            parser.phase = .csi
        case UInt8(ascii: "]"):
            parser.osc = []
            parser.phase = .osc
        case UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            parser.phase = .string
        case UInt8(ascii: "7"): saveCursor()
        case UInt8(ascii: "8"): restoreCursor()
        case UInt8(ascii: "D"): index()
        case UInt8(ascii: "E"):
            carriageReturn()
            index()
        case UInt8(ascii: "M"): reverseIndex()
        case UInt8(ascii: "c"): reset()
        default: break
        }
    }

    private mutating func csi(_ byte: UInt8) {
        switch byte {
        case 0x18, 0x1A, 0x1B: control(byte)
        case 0x00..<0x20: control(byte)
        case 0x20..<0x40: parser.csi.append(byte)
        case 0x40..<0x7F:
            parser.phase = .ground
            dispatchCSI(final: byte)
        default: parser.phase = .ground
        }
    }

    private mutating func endOSC() {
        parser.phase = .ground
        let body = String(decoding: parser.osc, as: UTF8.self)
        if body.hasPrefix("0;") || body.hasPrefix("2;") { setWindowTitle(String(body.dropFirst(2))) }
    }

    private mutating func dispatchCSI(final: UInt8) {
        var body = parser.csi
        var marker: UInt8? = nil
        if let first = body.first, (0x3C...0x3F).contains(first) {
            marker = first
            body.removeFirst()
        }
        let intermediates = body.filter { $0 < 0x30 }
        let text = String(decoding: body.filter { $0 >= 0x30 }, as: UTF8.self)
        let params = text.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
        let sequence = "CSI " + String(decoding: parser.csi, as: UTF8.self) + String(UnicodeScalar(final))
        func p(_ i: Int, _ fallback: Int = 1) -> Int {
            guard i < params.count, let v = params[i], v != 0 else { return fallback }
            return v
        }
        guard intermediates.isEmpty else {
            if final == UInt8(ascii: "p") { recordQuery(sequence) }  // DECRQM
            return
        }
        switch (marker, Character(UnicodeScalar(final))) {
        case (UInt8(ascii: "?"), "h"), (UInt8(ascii: "?"), "l"):
            for mode in params.compactMap({ $0 }) { setPrivateMode(mode, final == UInt8(ascii: "h")) }
        case (nil, "A"): cursorUp(p(0))
        case (nil, "B"), (nil, "e"): cursorDown(p(0))
        case (nil, "C"), (nil, "a"): moveCursor(row: row, col: col + p(0))
        case (nil, "D"): moveCursor(row: row, col: col - p(0))
        case (nil, "E"):
            cursorDown(p(0))
            carriageReturn()
        case (nil, "F"):
            cursorUp(p(0))
            carriageReturn()
        case (nil, "G"), (nil, "`"): moveCursor(row: row, col: p(0) - 1)
        case (nil, "H"), (nil, "f"): moveCursor(row: p(0) - 1, col: p(1) - 1)
        case (nil, "d"): moveCursor(row: p(0) - 1, col: col)
        case (nil, "J"): eraseInDisplay(p(0, 0))
        case (nil, "K"): eraseInLine(p(0, 0))
        case (nil, "X"): eraseCharacters(p(0))
        case (nil, "@"): insertCharacters(p(0))
        case (nil, "P"): deleteCharacters(p(0))
        case (nil, "L"): insertLines(p(0))
        case (nil, "M"): deleteLines(p(0))
        case (nil, "S"): scrollUp(p(0))
        case (nil, "T"): scrollDown(p(0))
        case (nil, "r"): setScrollRegion(params.first ?? nil, params.count > 1 ? params[1] : nil)
        case (nil, "m") where text.contains(":"): selectGraphicRendition(subParameters: text)
        case (nil, "m"): selectGraphicRendition(params)
        case (nil, "s") where params.allSatisfy({ $0 == nil }): saveCursor()
        case (nil, "u"): restoreCursor()
        case (_, "n"), (_, "c"): recordQuery(sequence)  // DSR, DA: a real terminal would answer
        default: break
        }
    }

    private mutating func setPrivateMode(_ mode: Int, _ on: Bool) {
        switch mode {
        case 7: setAutowrap(on)
        case 25: setCursorVisible(on)
        case 47, 1047: setAlternateScreen(on, saveCursor: false)
        case 1048: on ? saveCursor() : restoreCursor()
        case 1049: setAlternateScreen(on, saveCursor: true)
        default: break
        }
    }

    /// SGR whose parameters carry colon sub-parameters (ITU T.416, as xterm, VTE and tmux read
    /// them): `38:5:N`, `38:2:R:G:B` or `38:2:CS:R:G:B` (the colour space, possibly empty, is
    /// skipped), the same for 48; `4:N` is an underline style (0 ends it); 58 (underline colour)
    /// is not modelled. Groups without colons are ordinary parameters, read together as in an SGR
    /// without colons, so `…;38;2;R;G;B` beside a colon group is still a colour (as xterm and tmux
    /// read it), not dim, reverse and the rest one by one.
    private mutating func selectGraphicRendition(subParameters text: String) {
        var plain: [Int?] = []
        for group in text.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = group.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
            guard parts.count > 1 else {
                plain.append(parts.first ?? 0)
                continue
            }
            if !plain.isEmpty { selectGraphicRendition(plain) }
            plain = []
            func color() -> TerminalColor? {
                switch (parts[1], parts.count) {
                case (5, 3...): return .indexed(UInt8(clamping: parts[2]))
                case (2, 5): return .rgb(UInt8(clamping: parts[2]), UInt8(clamping: parts[3]), UInt8(clamping: parts[4]))
                case (2, 6...): return .rgb(UInt8(clamping: parts[3]), UInt8(clamping: parts[4]), UInt8(clamping: parts[5]))
                default: return nil
                }
            }
            switch parts[0] {
            case 38: if let c = color() { attributes.foreground = c }
            case 48: if let c = color() { attributes.background = c }
            case 4: if parts[1] == 0 { attributes.flags.remove(.underline) } else { attributes.flags.insert(.underline) }
            case 58: break
            default: selectGraphicRendition([parts[0]])
            }
        }
        if !plain.isEmpty { selectGraphicRendition(plain) }
    }

    /// SGR, including 256-colour and direct-colour forms.
    private mutating func selectGraphicRendition(_ params: [Int?]) {
        var values = params.map { $0 ?? 0 }
        if values.isEmpty { values = [0] }
        var i = 0
        func extendedColor() -> TerminalColor? {
            guard i + 1 < values.count else { return nil }
            if values[i + 1] == 5, i + 2 < values.count {
                defer { i += 2 }
                return .indexed(UInt8(clamping: values[i + 2]))
            }
            if values[i + 1] == 2, i + 4 < values.count {
                defer { i += 4 }
                return .rgb(UInt8(clamping: values[i + 2]), UInt8(clamping: values[i + 3]), UInt8(clamping: values[i + 4]))
            }
            return nil
        }
        while i < values.count {
            let v = values[i]
            switch v {
            case 0: attributes = Attributes()
            case 1: attributes.flags.insert(.bold)
            case 2: attributes.flags.insert(.dim)
            case 3: attributes.flags.insert(.italic)
            case 4, 21: attributes.flags.insert(.underline)
            case 5, 6: attributes.flags.insert(.blink)
            case 7: attributes.flags.insert(.inverse)
            case 8: attributes.flags.insert(.hidden)
            case 9: attributes.flags.insert(.strikethrough)
            case 22: attributes.flags.subtract([.bold, .dim])
            case 23: attributes.flags.remove(.italic)
            case 24: attributes.flags.remove(.underline)
            case 25: attributes.flags.remove(.blink)
            case 27: attributes.flags.remove(.inverse)
            case 28: attributes.flags.remove(.hidden)
            case 29: attributes.flags.remove(.strikethrough)
            case 30...37: attributes.foreground = .indexed(UInt8(v - 30))
            case 38: if let c = extendedColor() { attributes.foreground = c }
            case 39: attributes.foreground = .standard
            case 40...47: attributes.background = .indexed(UInt8(v - 40))
            case 48: if let c = extendedColor() { attributes.background = c }
            case 49: attributes.background = .standard
            case 90...97: attributes.foreground = .indexed(UInt8(v - 90 + 8))
            case 100...107: attributes.background = .indexed(UInt8(v - 100 + 8))
            default: break
            }
            i += 1
        }
    }
}
