import LoadWrapCore

/// `--timings`: the run tree as one self-contained HTML page, as cargo's `--timings` writes one:
/// a Gantt chart (inline SVG: a row per lane of runs that went at once, a run nested in another
/// drawn inside it, bars coloured by how they ended, the critical path outlined) and a table of
/// every run, slowest first, with its own time and its time with what ran inside it. No script,
/// font or style from anywhere else: it opens offline, and as a CI artifact.
package enum TimingsPage {
    /// The page for `timeline`, whose outermost run is titled `title`.
    package static func html(_ timeline: Timeline) -> String {
        let own = timeline.steps[0].run
        let failed = timeline.steps.filter(\.run.failed).count
        var summary = "\(timeline.steps.count) steps · \(ElapsedFormat.tenths(ms: timeline.totalMS)) · \(own.endText)"
        if failed > 0 { summary += " · \(failed) failed" }
        if timeline.leftOut > 0 { summary += " · \(timeline.leftOut) shorter steps not shown" }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(escaped(own.title)) · loadwrap timings</title>
            <style>\(style)</style></head><body>
            <h1>\(escaped(own.title))</h1>
            <p class="summary">\(escaped(summary))</p>
            \(TimingsChart.svg(timeline))
            <p class="legend"><span class="ok">succeeded</span> <span class="failed">failed</span> \
            <span class="running">still running</span> <span class="critical">critical path: the steps that decided when the run ended</span> \
            <span class="slow">dashed: slower than usual</span></p>
            \(table(timeline))
            </body></html>

            """
    }

    /// Every run, slowest first: its title with the runs above it, how it ended, its time with
    /// what ran inside it, and its own time.
    private static func table(_ timeline: Timeline) -> String {
        let rows = timeline.steps.sorted { $0.durationMS > $1.durationMS }.map { step in
            let mark = step.critical ? " class=\"critical\"" : ""
            return "<tr\(mark)><td class=\"step\" style=\"padding-left:\(step.depth + 1)em\">\(escaped(step.run.title))</td>"
                + "<td class=\"\(cssClass(step.run))\">\(escaped(step.run.endText))</td>"
                + "<td>\(ElapsedFormat.tenths(ms: step.durationMS))</td><td>\(ElapsedFormat.tenths(ms: step.ownMS))</td></tr>"
        }
        return "<table><thead><tr><th>step</th><th>ended</th><th>time</th><th>own time</th></tr></thead><tbody>\n"
            + rows.joined(separator: "\n") + "\n</tbody></table>"
    }

    /// The class that colours a run: `ok`, `failed`, or `running` (also a run that never said).
    static func cssClass(_ run: RunRecord) -> String {
        run.failed ? "failed" : run.end == nil ? "running" : "ok"
    }

    /// `text` safe in HTML text and attribute values.
    package static func escaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(character)
            }
        }
        return out
    }

    private static let style = """
        body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}h1{font-size:1.4em;margin:0}\
        .summary{color:#555}svg{display:block;margin:1em 0;max-width:100%}\
        svg text{font-size:12px;dominant-baseline:middle}rect.ok{fill:#81c784}rect.failed{fill:#e57373}\
        rect.running{fill:#bdbdbd}rect.crit{stroke:#e65100;stroke-width:2}rect.slow{stroke-dasharray:4 2;stroke:#6a1b9a;stroke-width:2}.axis{fill:#777}\
        table{border-collapse:collapse}td,th{padding:2px 10px;text-align:right}td.step,th:first-child{text-align:left}\
        tr.critical td.step{font-weight:600}td.failed,.legend .failed{color:#c62828}td.ok,.legend .ok{color:#2e7d32}\
        .legend span{margin-right:1.5em}.legend .running{color:#757575}.legend .critical{color:#e65100}.legend .slow{color:#6a1b9a}
        """
}
