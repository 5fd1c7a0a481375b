/// A terminal colour: the default, one of the 256 palette entries, or direct RGB.
public enum TerminalColor: Hashable, Sendable {
    case standard
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// The graphic rendition (SGR) a cell was written with.
public struct Attributes: Hashable, Sendable {
    /// Rendition flags, one bit each, in SGR order.
    public struct Flags: OptionSet, Hashable, Sendable {
        public let rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }
        public static let bold = Flags(rawValue: 1 << 0)
        public static let dim = Flags(rawValue: 1 << 1)
        public static let italic = Flags(rawValue: 1 << 2)
        public static let underline = Flags(rawValue: 1 << 3)
        public static let blink = Flags(rawValue: 1 << 4)
        public static let inverse = Flags(rawValue: 1 << 5)
        public static let hidden = Flags(rawValue: 1 << 6)
        public static let strikethrough = Flags(rawValue: 1 << 7)
    }

    public var foreground: TerminalColor = .standard
    public var background: TerminalColor = .standard
    public var flags: Flags = []

    public init(foreground: TerminalColor = .standard, background: TerminalColor = .standard, flags: Flags = []) {
        self.foreground = foreground
        self.background = background
        self.flags = flags
    }

    /// The attributes an erase leaves behind: only the background survives (xterm's BCE).
    public var erased: Attributes { Attributes(background: background) }

    /// A compact SGR-like spelling, e.g. `1;31` for bold red; empty for the default.
    public var code: String {
        var parts: [String] = []
        let names: [(Flags, String)] = [
            (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.blink, "5"),
            (.inverse, "7"), (.hidden, "8"), (.strikethrough, "9"),
        ]
        for (flag, name) in names where flags.contains(flag) { parts.append(name) }
        func color(_ color: TerminalColor, _ base: Int) {
            switch color {
            case .standard: break
            case .indexed(let n) where n < 8: parts.append("\(base + Int(n))")
            case .indexed(let n): parts.append("\(base + 8);5;\(n)")
            case .rgb(let r, let g, let b): parts.append("\(base + 8);2;\(r);\(g);\(b)")
            }
        }
        color(foreground, 30)
        color(background, 40)
        return parts.joined(separator: ";")
    }
}

/// One character cell of the grid.
public struct Cell: Hashable, Sendable {
    /// The character (with any combining marks); "" in the right half of a wide character.
    public var text: String = " "
    /// Display columns: 1, 2 for the left half of a wide character, 0 for its right half.
    public var width: Int8 = 1
    public var attributes = Attributes()

    public init(text: String = " ", width: Int8 = 1, attributes: Attributes = Attributes()) {
        self.text = text
        self.width = width
        self.attributes = attributes
    }

    /// An empty cell with `attributes`.
    public static func blank(_ attributes: Attributes = Attributes()) -> Cell {
        Cell(text: " ", width: 1, attributes: attributes)
    }

    /// True for a cell no program has visibly touched.
    public var isDefaultBlank: Bool { self == Cell() }
}

/// One row of the grid, remembering whether the text ran on into the next row (soft wrap).
public struct Line: Hashable, Sendable {
    public var cells: [Cell]
    public var wrapped = false

    /// A row of `cols` blank cells with `attributes`.
    public init(cols: Int, attributes: Attributes = Attributes()) {
        cells = Array(repeating: .blank(attributes), count: cols)
    }
}
