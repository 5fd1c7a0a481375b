import LoadWrapRuns

/// A Mermaid `gantt` chart of a run's steps, for GitHub's job summary: one task per step, its
/// start and end as Unix milliseconds (`dateFormat x`, mermaid.js.org/syntax/gantt), on an axis
/// of the wall clock's hours, minutes and seconds as the reader's browser tells them (an axis of
/// offsets from 0 would be shifted by the reader's time zone, by half an hour in India). A
/// failed step is `crit`, one slower than usual `active`, the others `done`.
enum MermaidGantt {
    /// The longest task name, in characters: the chart's left column is as wide as its longest.
    static let nameCharacters = 60

    /// The fenced chart of `steps`, which started at `wallStartMS` on the wall clock.
    static func chart(_ steps: [JobSummary.Step], wallStartMS: Int) -> String {
        let tasks = steps.map { step in
            let start = wallStartMS + step.offsetMS
            // A task of no length draws nothing: a step of under a millisecond gets one.
            let end = start + max(1, step.elapsedMS)
            return "    \(name(step)) :\(tag(step)), \(start), \(end)\n"
        }
        return "```mermaid\ngantt\n    dateFormat x\n    axisFormat %H:%M:%S\n" + tasks.joined() + "```\n"
    }

    /// The task's tag: its colour.
    private static func tag(_ step: JobSummary.Step) -> String {
        if step.failed { return "crit" }
        return SlowerThanUsual.applies(elapsedMS: step.elapsedMS, usualMS: step.usualMS) ? "active" : "done"
    }

    /// The task's name: the step's mark, then its title with what Mermaid's grammar reads in a
    /// task line taken out (`:` ends the name, `#` and `%%` start a comment, `;` ends a statement),
    /// cut to `nameCharacters`. The mark first keeps a title that begins with a keyword (`section`,
    /// `title`, `click`) or a date from being read as one.
    static func name(_ step: JobSummary.Step) -> String {
        var title = ""
        for character in step.title {
            title.append(":#;%".contains(character) ? " " : character)
        }
        let cut = title.count > nameCharacters ? String(title.prefix(nameCharacters - 1)) + "…" : title
        return "\(step.mark) \(cut)"
    }
}
