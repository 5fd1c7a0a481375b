import TerminalModel

/// One row of the terminal drawn as SVG at y 0: a rectangle behind each run of cells with a
/// background of its own, then one `<text>` whose `<tspan>`s start at their run's column.
struct PaintedRow: Hashable, Sendable {
    var backgrounds: String
    var text: String

    /// The row as a definition that `<use>` can place, named `id`.
    func definition(id: String) -> String {
        let baseline = "y=\"\(SVGLayout.baseline)\""
        if backgrounds.isEmpty { return "<text id=\"\(id)\" \(baseline)>\(text)</text>" }
        let textElement = text.isEmpty ? "" : "<text \(baseline)>\(text)</text>"
        return "<g id=\"\(id)\">\(backgrounds)\(textElement)</g>"
    }
}

/// Cells next to each other that are drawn alike.
private struct Run {
    var start: Int
    var cells: ArraySlice<Cell>
    var style: TextStyle
}

/// Draws rows of cells. Each run spans exactly its cells (`textLength`), so a font whose
/// advance is not 0.6 em cannot push the next run out of its column.
struct RowPainter {
    var palette = Palette()

    /// The row, or nil when nothing in it is visible.
    func paint(_ cells: [Cell], styles: inout StyleSheet) -> PaintedRow? {
        var row = PaintedRow(backgrounds: "", text: "")
        for run in runs(cells) {
            if let background = run.style.background {
                row.backgrounds += "<rect x=\"\(run.start * SVGLayout.cellWidth)\" width=\"\(run.cells.count * SVGLayout.cellWidth)\""
                    + " height=\"\(SVGLayout.lineHeight)\" fill=\"\(background)\"/>"
            }
            if !run.style.hidden { row.text += span(run, styles: &styles) }
        }
        return row.backgrounds.isEmpty && row.text.isEmpty ? nil : row
    }

    /// A run's `<tspan>`, its blanks at either end left out; empty when it is all blank.
    private func span(_ run: Run, styles: inout StyleSheet) -> String {
        var cells = run.cells
        while cells.first?.text == " " { cells.removeFirst() }
        while cells.last?.text == " " { cells.removeLast() }
        guard let first = cells.indices.first else { return "" }
        var attributes = " x=\"\((run.start + first - run.cells.startIndex) * SVGLayout.cellWidth)\""
        if let name = styles.className(run.style) { attributes += " class=\"\(name)\"" }
        if cells.count > 1 { attributes += " textLength=\"\(cells.count * SVGLayout.cellWidth)\"" }
        return "<tspan\(attributes)>\(escaped(cells.map(\.text).joined()))</tspan>"
    }

    /// Consecutive cells drawn alike.
    private func runs(_ cells: [Cell]) -> [Run] {
        var runs: [Run] = []
        var start = 0
        while start < cells.count {
            let style = TextStyle(cells[start].attributes, palette)
            var end = start + 1
            while end < cells.count && TextStyle(cells[end].attributes, palette) == style { end += 1 }
            runs.append(Run(start: start, cells: cells[start..<end], style: style))
            start = end
        }
        return runs
    }

    private func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            default: out.append(character)
            }
        }
        return out
    }
}
