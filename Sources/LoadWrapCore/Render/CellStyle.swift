/// The graphic rendition (SGR) of one cell of a tail row, kept exactly enough to draw it again:
/// attributes 1–9, and a foreground and background colour in the form the command wrote it (one
/// of the 8 or 16 basic colours, the 256-colour palette, or 24-bit). Anything else the command
/// set (fonts, underline colours, colon sub-parameters) is dropped rather than guessed.
///
/// Plain old data, three words, so a row of cells costs no allocation per cell.
struct CellStyle: Equatable, Sendable {
    /// Attributes 1–9 (bold … crossed out) as bits 1–9.
    private var attributes: UInt16 = 0
    /// The foreground colour: 0 for the default, else a tag in the top byte (see `Color`).
    private var foreground: UInt32 = 0
    /// The background colour, encoded as `foreground`.
    private var background: UInt32 = 0

    /// The terminal's default: no attribute, default colours.
    static let plain = CellStyle()

    /// True when nothing is set.
    var isPlain: Bool { self == .plain }

    /// Applies the parameters of one `CSI … m`, as a terminal would.
    mutating func apply(_ parameters: [Int]) {
        if parameters.isEmpty { self = .plain; return }
        var index = 0
        while index < parameters.count {
            index += applyOne(parameters, at: index)
        }
    }

    /// Applies the parameter at `index`; returns how many parameters it used.
    private mutating func applyOne(_ p: [Int], at index: Int) -> Int {
        switch p[index] {
        case 0: self = .plain
        case 1...9: attributes |= 1 << UInt16(p[index])
        // 21 is "doubly underlined" in ECMA-48 and today's terminals: kept as underline.
        case 21: attributes |= 1 << 4
        case 22: attributes &= ~(1 << 1 | 1 << 2)
        case 25: attributes &= ~(1 << 5 | 1 << 6)
        case 23, 24, 27, 28, 29: attributes &= ~(1 << UInt16(p[index] - 20))
        case 30...37: foreground = Color.basic | UInt32(p[index] - 30)
        case 90...97: foreground = Color.bright | UInt32(p[index] - 90)
        case 39: foreground = 0
        case 40...47: background = Color.basic | UInt32(p[index] - 40)
        case 100...107: background = Color.bright | UInt32(p[index] - 100)
        case 49: background = 0
        case 38, 48, 58:
            // 58 is the underline colour (kitty, VTE, tmux): read to skip its parameters, not kept.
            let (color, used) = Color.extended(p, at: index + 1)
            if let color, p[index] == 38 { foreground = color }
            if let color, p[index] == 48 { background = color }
            return used + 1
        default: break
        }
        return 1
    }

    /// The bytes that set this rendition from any other: a reset first, so nothing of the
    /// rendition before leaks in.
    var sequence: [UInt8] {
        var text = "\u{1B}[0"
        for bit in 1...9 where attributes & (1 << UInt16(bit)) != 0 { text += ";\(bit)" }
        if foreground != 0 { text += ";" + Color.parameters(foreground, base: 30) }
        if background != 0 { text += ";" + Color.parameters(background, base: 40) }
        return Array((text + "m").utf8)
    }

    /// Colour encodings: a tag in the top byte, the value below.
    private enum Color {
        static let basic: UInt32 = 1 << 24
        static let bright: UInt32 = 2 << 24
        static let palette: UInt32 = 3 << 24
        static let direct: UInt32 = 4 << 24

        /// The colour of `38;5;n` or `38;2;r;g;b` from the parameters after 38 or 48, and how many
        /// it used; nil for a form not understood (which uses the rest, as xterm drops them).
        static func extended(_ p: [Int], at index: Int) -> (UInt32?, Int) {
            guard index < p.count else { return (nil, 0) }
            switch p[index] {
            case 5:
                guard index + 1 < p.count, (0...255).contains(p[index + 1]) else { return (nil, p.count - index) }
                return (palette | UInt32(p[index + 1]), 2)
            case 2:
                guard index + 3 < p.count else { return (nil, p.count - index) }
                let rgb = p[(index + 1)...(index + 3)].map { UInt32(min(max($0, 0), 255)) }
                return (direct | rgb[0] << 16 | rgb[1] << 8 | rgb[2], 4)
            default:
                return (nil, p.count - index)
            }
        }

        /// The SGR parameters for `color`; `base` is 30 for the foreground, 40 for the background.
        static func parameters(_ color: UInt32, base: Int) -> String {
            let value = Int(color & 0xFF_FFFF)
            switch color & 0xFF00_0000 {
            case basic: return "\(base + value)"
            case bright: return "\(base + 60 + value)"
            case palette: return "\(base + 8);5;\(value)"
            default: return "\(base + 8);2;\(value >> 16);\(value >> 8 & 0xFF);\(value & 0xFF)"
            }
        }
    }
}
