import TerminalModel

/// The rows drawn so far, each defined once under a short id.
struct RowDefinitions {
    let painter: RowPainter
    private(set) var definitions: [String] = []
    private var ids: [PaintedRow: String] = [:]

    init(painter: RowPainter) { self.painter = painter }

    /// The id of `cells`' definition, made on first use; nil for a row with nothing visible.
    mutating func id(_ cells: [Cell], styles: inout StyleSheet) -> String? {
        guard let row = painter.paint(cells, styles: &styles) else { return nil }
        if let id = ids[row] { return id }
        let id = "r" + String(definitions.count, radix: 36)
        ids[row] = id
        definitions.append(row.definition(id: id))
        return id
    }
}
