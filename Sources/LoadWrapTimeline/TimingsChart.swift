import LoadWrapCore

/// The Gantt chart of `TimingsPage`, as inline SVG: a row per lane (`TraceLanes`: runs that went
/// at once are on rows of their own), time left to right, a run nested in another on the same row
/// drawn inside it, a little narrower for each level. Each bar is labelled with its title and time
/// where it has room, and says all of it in a tooltip (SVG `<title>`).
package enum TimingsChart {
    /// The width of the bars' area, and of the whole chart, in pixels.
    static let width = 1000
    private static let rowHeight = 24
    private static let top = 24

    static func svg(_ timeline: Timeline) -> String {
        let lanes = TraceLanes.assign(timeline.steps.map(\.run), endMS: timeline.steps[0].run.startMS + timeline.totalMS)
        let rows = (lanes.values.max() ?? 0) + 1
        let height = top + rows * rowHeight + 4
        var parts = ["<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" role=\"img\">"]
        parts += axis(timeline.totalMS, height: height)
        parts += timeline.steps.map { bar($0, row: lanes[$0.run.id, default: 0], totalMS: timeline.totalMS) }
        parts.append("</svg>")
        return parts.joined(separator: "\n")
    }

    /// One run's bar, with its label and tooltip.
    private static func bar(_ step: Timeline.Step, row: Int, totalMS: Int) -> String {
        let x = Double(step.startMS) * Double(width - 2) / Double(totalMS) + 1
        let barWidth = max(1, Double(step.durationMS) * Double(width - 2) / Double(totalMS))
        let inset = min(step.depth * 3, 9)
        let y = top + row * rowHeight + inset
        let barHeight = rowHeight - 4 - 2 * inset
        let label = "\(step.run.title) \(ElapsedFormat.tenths(ms: step.durationMS))"
        let classes = TimingsPage.cssClass(step.run) + (step.critical ? " crit" : "") + (step.run.slowerThanUsual ? " slow" : "")
        var svg = "<g class=\"step\"><title>\(TimingsPage.escaped(tooltip(step, label: label)))</title>"
            + "<rect class=\"\(classes)\" x=\"\(format(x))\" y=\"\(y)\" width=\"\(format(barWidth))\" height=\"\(barHeight)\" rx=\"3\"/>"
        // A label only where about as many characters fit as it has: a longer one would run into
        // the next bar.
        if barWidth >= Double(label.count * 7) {
            svg += "<text x=\"\(format(x + 4))\" y=\"\(y + barHeight / 2)\">\(TimingsPage.escaped(label))</text>"
        }
        return svg + "</g>"
    }

    /// What a bar's tooltip says, a line each: its title and time, how it ended, its own time and
    /// whether it is on the critical path; how long it usually takes, when known; its command line,
    /// when its title is not that line. Browsers show a `<title>`'s line breaks.
    static func tooltip(_ step: Timeline.Step, label: String) -> String {
        var lines = ["\(label) · \(step.run.endText) · own \(ElapsedFormat.tenths(ms: step.ownMS))"
            + (step.critical ? " · critical path" : "")]
        if let usual = step.run.usualMS {
            lines.append("usually \(ElapsedFormat.tenths(ms: usual))" + (step.run.slowerThanUsual ? " · slower than usual" : ""))
        }
        if let command = step.run.command, command != step.run.titles[0].title { lines.append("$ " + command) }
        return lines.joined(separator: "\n")
    }

    /// Ten ticks along the top, each with its time.
    private static func axis(_ totalMS: Int, height: Int) -> [String] {
        (0...10).map { tick in
            let x = 1 + tick * (width - 2) / 10
            let anchor = tick == 0 ? "start" : tick == 10 ? "end" : "middle"
            return "<line x1=\"\(x)\" y1=\"\(top - 6)\" x2=\"\(x)\" y2=\"\(height)\" stroke=\"#eee\"/>"
                + "<text class=\"axis\" x=\"\(x)\" y=\"10\" text-anchor=\"\(anchor)\">"
                + "\(ElapsedFormat.tenths(ms: totalMS * tick / 10))</text>"
        }
    }

    /// A coordinate to a tenth of a pixel.
    private static func format(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
