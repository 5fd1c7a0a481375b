/// tmux's `capture-pane -e -N` rows as cells, written back in one canonical form: what the rows
/// show, not how tmux happens to store them.
///
/// tmux writes a row's cells up to the size its grid line has grown to, and an SGR sequence
/// wherever a cell's rendition differs from the cell before it, the last cell of the row before
/// included (tmux 3.3a, grid.c `grid_string_cells`, whose `lastgc` the caller carries from row to
/// row). So two rows that look the same can capture differently: a line whose cells once reached
/// further (something was drawn there, then erased) ends in `ESC[39m ESC[49m` and default blanks,
/// and the same reset then no longer starts the next row. Without `-N` tmux also trims the blanks
/// at a row's end, coloured ones too, but only where no sequence follows them. Here each row
/// starts from the default rendition, a rendition is written only where it changes, as `{…}` of
/// its parameters, and blanks of the default rendition at a row's end are dropped: blanks in
/// colour, or underlined, stay.
enum TmuxRows {
    /// `rows`, captured with `-e -N`, in canonical form.
    static func canonical(_ rows: [String]) -> [String] {
        var rendition = Rendition()
        return rows.map { row in
            var cells: [(Character, Rendition)] = []
            var rest = Substring(row)
            while let first = rest.first {
                if first == "\u{1B}", let (parameters, after) = sgr(rest) {
                    rendition.apply(parameters)
                    rest = after
                } else {
                    cells.append((first, rendition))
                    rest = rest.dropFirst()
                }
            }
            while let last = cells.last, last.0 == " ", last.1 == Rendition() { cells.removeLast() }
            return written(cells)
        }
    }

    /// The parameters of the SGR sequence `text` starts with (`ESC [ … m`) and the text after it.
    private static func sgr(_ text: Substring) -> ([Substring], Substring)? {
        guard text.dropFirst().first == "[", let end = text.firstIndex(of: "m") else { return nil }
        let body = text[text.index(text.startIndex, offsetBy: 2)..<end]
        guard body.allSatisfy({ $0.isNumber || $0 == ";" || $0 == ":" }) else { return nil }
        return (body.split(separator: ";", omittingEmptySubsequences: false), text[text.index(after: end)...])
    }

    /// Cells as text, each change of rendition as `{…}`, from the default at the row's start.
    private static func written(_ cells: [(Character, Rendition)]) -> String {
        var text = ""
        var current = Rendition()
        for (character, rendition) in cells {
            if rendition != current { text += "{\(rendition)}" }
            current = rendition
            text.append(character)
        }
        return current == Rendition() ? text : text + "{}"
    }

    /// A cell's rendition: its attributes and colours, each as the parameters that set it.
    private struct Rendition: Equatable, CustomStringConvertible {
        var attributes: Set<Int> = []
        var foreground = ""
        var background = ""
        var underline = ""

        var description: String {
            (attributes.sorted().map(String.init) + [foreground, background, underline].filter { !$0.isEmpty })
                .joined(separator: ";")
        }

        /// Applies one SGR sequence's parameters (ECMA-48 8.3.117, with the 38/48/58 colour forms).
        mutating func apply(_ parameters: [Substring]) {
            var index = 0
            while index < parameters.count {
                let code = Int(parameters[index].split(separator: ":").first ?? "0") ?? 0
                let colour = Self.colour(parameters, at: index)
                switch code {
                case 0: self = Rendition()
                case 22: attributes.subtract([1, 2])
                case 23, 24, 25, 27, 28, 29, 55: attributes.remove(code == 55 ? 53 : code - 20)
                case 30...37, 90...97: foreground = "\(code)"
                case 38: foreground = colour.text
                case 39: foreground = ""
                case 40...47, 100...107: background = "\(code)"
                case 48: background = colour.text
                case 49: background = ""
                case 58: underline = colour.text
                case 59: underline = ""
                default: attributes.insert(code)
                }
                index += code == 38 || code == 48 || code == 58 ? colour.count : 1
            }
        }

        /// The extended colour at `index` (`38;5;N`, `38;2;R;G;B`, or one `38:…` parameter) and
        /// how many parameters it takes.
        private static func colour(_ parameters: [Substring], at index: Int) -> (text: String, count: Int) {
            if parameters[index].contains(":") { return (String(parameters[index]), 1) }
            let kind = index + 1 < parameters.count ? parameters[index + 1] : ""
            let count = kind == "5" ? 3 : kind == "2" ? 5 : 2
            return (parameters[index..<min(parameters.count, index + count)].joined(separator: ";"), count)
        }
    }
}
