/// A terminal colour: the default, one of the 256 palette entries, or direct RGB.
enum TerminalColor: Hashable, Sendable {
    case standard
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
}

/// The graphic rendition (SGR) a cell was written with.
struct Attributes: Hashable, Sendable {
    /// Rendition flags, one bit each, in SGR order.
    struct Flags: OptionSet, Hashable, Sendable {
        let rawValue: UInt16
        static let bold = Flags(rawValue: 1 << 0)
        static let dim = Flags(rawValue: 1 << 1)
        static let italic = Flags(rawValue: 1 << 2)
        static let underline = Flags(rawValue: 1 << 3)
        static let blink = Flags(rawValue: 1 << 4)
        static let inverse = Flags(rawValue: 1 << 5)
        static let hidden = Flags(rawValue: 1 << 6)
        static let strikethrough = Flags(rawValue: 1 << 7)
    }

    var foreground: TerminalColor = .standard
    var background: TerminalColor = .standard
    var flags: Flags = []

    /// The attributes an erase leaves behind: only the background survives (xterm's BCE).
    var erased: Attributes { Attributes(background: background) }

    /// A compact SGR-like spelling, e.g. `1;31` for bold red; empty for the default.
    var code: String {
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
struct Cell: Hashable, Sendable {
    /// The character (with any combining marks); "" in the right half of a wide character.
    var text: String = " "
    /// Display columns: 1, 2 for the left half of a wide character, 0 for its right half.
    var width: Int8 = 1
    var attributes = Attributes()

    /// An empty cell with `attributes`.
    static func blank(_ attributes: Attributes = Attributes()) -> Cell {
        Cell(text: " ", width: 1, attributes: attributes)
    }

    /// True for a cell no program has visibly touched.
    var isDefaultBlank: Bool { self == Cell() }
}

/// One row of the grid, remembering whether the text ran on into the next row (soft wrap).
struct Line: Hashable, Sendable {
    var cells: [Cell]
    var wrapped = false

    /// A row of `cols` blank cells with `attributes`.
    init(cols: Int, attributes: Attributes = Attributes()) {
        cells = Array(repeating: .blank(attributes), count: cols)
    }
}
