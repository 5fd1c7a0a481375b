/// The animated picture. Every distinct row is defined once; each frame is a group of `<use>`s
/// (and the cursor), and the frames stand side by side on a strip that one CSS animation
/// slides past the window, a step per frame. GitHub shows an SVG through `<img>`, where CSS
/// animations run and scripts would not.
struct SVGDocument {
    let layout: SVGLayout
    var palette = Palette()

    /// `frames` as one loop of `duration` seconds.
    func render(_ frames: [TimedFrame], duration: Double) -> String {
        var styles = StyleSheet()
        var rows = RowDefinitions(painter: RowPainter(palette: palette))
        let strip = frames.enumerated().map { index, timed in
            group(timed.frame, at: index * layout.frameStride, rows: &rows, styles: &styles)
        }
        let scaled = { (units: Int) in decimal(Double(units) * SVGLayout.scale, places: 1) }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(scaled(layout.width))" \
            height="\(scaled(layout.height))" viewBox="0 0 \(layout.width) \(layout.height)" xml:space="preserve">
            <style>
            \(css(styles, frames, duration))
            </style>
            <defs>
            \(rows.definitions.joined(separator: "\n"))
            </defs>
            \(window)
            <svg x="\(SVGLayout.padding)" y="\(SVGLayout.titleBar)" width="\(layout.terminalWidth)" \
            height="\(layout.terminalHeight)"><g class="strip">
            \(strip.joined(separator: "\n"))
            </g></svg>
            </svg>

            """
    }

    /// One frame's group, `x` along the strip.
    private func group(_ frame: Frame, at x: Int, rows: inout RowDefinitions, styles: inout StyleSheet) -> String {
        var parts: [String] = []
        if let cursor = frame.cursor {
            parts.append("<rect class=\"cursor\" x=\"\(cursor.col * SVGLayout.cellWidth)\" y=\"\(cursor.row * SVGLayout.lineHeight)\""
                + " width=\"\(SVGLayout.cellWidth)\" height=\"\(SVGLayout.lineHeight)\"/>")
        }
        for (index, cells) in frame.rows.enumerated() {
            guard let id = rows.id(cells, styles: &styles) else { continue }
            parts.append("<use href=\"#\(id)\" y=\"\(index * SVGLayout.lineHeight)\"/>")
        }
        return "<g transform=\"translate(\(x))\">" + parts.joined() + "</g>"
    }

    /// Fonts, colours, and the strip's steps: frame `i` from its time on, until the next one's.
    private func css(_ styles: StyleSheet, _ frames: [TimedFrame], _ duration: Double) -> String {
        let shift = { (index: Int) in index == 0 ? "0" : "-\(index * layout.frameStride)px" }
        var steps = frames.enumerated().map { index, timed in
            "\(index == 0 ? "0" : decimal(timed.time / duration * 100))%{transform:translateX(\(shift(index)))}"
        }
        // Held to the end of the loop, not slid back towards the first frame.
        if let last = frames.indices.last { steps.append("100%{transform:translateX(\(shift(last)))}") }
        return """
            text{font-family:ui-monospace,SFMono-Regular,"SF Mono",Menlo,Consolas,"DejaVu Sans Mono",\
            "Liberation Mono",monospace;font-size:\(SVGLayout.fontSize)px;white-space:pre;fill:\(palette.foreground)}
            .cursor{fill:\(palette.foreground);fill-opacity:.7}
            \(styles.css)
            .strip{animation:play \(decimal(duration))s steps(1,end) infinite}
            @keyframes play{
            \(steps.joined(separator: "\n"))
            }
            """
    }

    /// A dark window with a title bar's three dots.
    private var window: String {
        let dots = zip([24, 46, 68], ["#ff5f57", "#febc2e", "#28c840"]).map { x, color in
            "<circle cx=\"\(x)\" cy=\"18\" r=\"6\" fill=\"\(color)\"/>"
        }
        return "<rect x=\"1\" y=\"1\" width=\"\(layout.width - 2)\" height=\"\(layout.height - 2)\" rx=\"8\""
            + " fill=\"\(palette.background)\" stroke=\"#30363d\" stroke-width=\"2\"/>" + dots.joined()
    }
}
