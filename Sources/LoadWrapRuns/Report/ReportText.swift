/// The texts of loadwrap's own lines, the same in every mode that shows them.
package struct ReportText {
    /// Marks, separators and colour.
    package var lines: ReportLines
    /// When the end line is shown.
    var result: ResultRequest
    /// The run's title (the command line, or `--title`).
    package var title: String
    /// `--success` and `--failure`.
    var endTexts: EndTexts
    /// The `--log` file, named on the end line of a failure; sanitised.
    var logPath: String? = nil
    /// Whether an attempt that is retried gets its end line: in every mode unless `--result never`,
    /// as the wait before the next attempt would otherwise go unexplained.
    var showsRetries = true
    /// This run's usual time, for the end line of a run slower than usual. Not optional: an
    /// optional of it was destroyed through the optional's metadata before the spawn, whose first
    /// instantiation costs ~28 k instructions (callgrind).
    package var usual = UsualFigure { nil }

    /// The line for a spinner that stopped while the command runs on, or nil: a `done` message is
    /// always shown, a match only when successes are.
    package func earlyStop(_ stop: EarlyStop, elapsedMS: Int) -> String? {
        var message: String?
        if case .done(let text) = stop { message = text }
        guard message != nil || result.shows(succeeded: true) else { return nil }
        let outcome: Outcome = stop == .matched ? .ready : .done
        return lines.end(message ?? endTexts.success ?? title, outcome: outcome, elapsedMS: elapsedMS)
    }

    /// The end line, or nil when `--result` does not want it.
    package func end(_ outcome: Outcome, elapsedMS: Int) -> String? {
        guard result.shows(succeeded: outcome.succeeded) else { return nil }
        // Appended one by one: an array of optional strings is a type of its own, whose metadata
        // the runtime builds at first use, ~25 k instructions between the command's end and ours.
        var notes: [String] = []
        if let usually = SlowerThanUsual.note(elapsedMS: elapsedMS, usualMS: usual.ms(elapsedMS: elapsedMS)) { notes.append(usually) }
        if !outcome.succeeded, let logPath { notes.append("log: " + logPath) }
        return lines.end(endText(outcome), outcome: outcome, elapsedMS: elapsedMS, notes: notes)
    }

    /// The end line of an attempt that is retried, with `note` after its figures, or nil.
    package func retry(_ outcome: Outcome, elapsedMS: Int, note: String) -> String? {
        guard showsRetries else { return nil }
        return lines.end(endText(outcome), outcome: outcome, elapsedMS: elapsedMS, notes: [note])
    }

    /// The end line without colour or line end, whatever `--result` says: a notification's text.
    package func summary(_ outcome: Outcome, elapsedMS: Int) -> String {
        String(ReportLines(utf8: lines.utf8, color: false).end(endText(outcome), outcome: outcome, elapsedMS: elapsedMS).dropLast())
    }

    private func endText(_ outcome: Outcome) -> String {
        endTexts.text(outcome, title: title)
    }

    /// Each stored property, as the memberwise initialiser has it, for the targets above.
    package init(
        lines: ReportLines, result: ResultRequest, title: String, endTexts: EndTexts = EndTexts(),
        logPath: String? = nil, showsRetries: Bool = true
    ) {
        self.lines = lines
        self.result = result
        self.title = title
        self.endTexts = endTexts
        self.logPath = logPath
        self.showsRetries = showsRetries
    }
}
