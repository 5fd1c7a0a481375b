/// The lines around a block of a nested loadwrap's held output (`SiblingBlock`): its start line,
/// or a CI log group opened with it, before the output; the group's end and its end line after,
/// the same texts plain mode writes for a run of its own. Every line of loadwrap's has its CI
/// commands broken (`CommandBreak`), so a title cannot forge one.
package struct BlockFrame {
    /// The run's texts (title, marks, `--success`/`--failure`, `--result`), without colour.
    var text: ReportText
    /// The group the block goes in, or nil: none where the CI has no groups, or where its groups
    /// cannot hold another (`LogGroup.nests`): the block is inside the outer run's group already.
    var group: LogGroup?

    /// The frame of a run titled by `text`, in `group` when it nests.
    package init(text: ReportText, group: LogGroup?) {
        self.text = text
        self.group = group.flatMap { $0.nests ? $0 : nil }
    }

    /// The start line, or the group's opening with it as its header.
    func header(unixTime: Int) -> String {
        guard let group else { return startLine }
        return group.open(header: String(startLine.dropLast()), unixTime: unixTime)
    }

    /// The group's end, then the end line.
    func footer(_ outcome: Outcome, elapsedMS: Int, unixTime: Int) -> String {
        closing(failed: !outcome.succeeded, unixTime: unixTime) + endLine(outcome, elapsedMS: elapsedMS)
    }

    /// The group's end, failed, then `reason` on a line in place of the end line: why a run could
    /// not start or go on.
    func footer(reason: String, unixTime: Int) -> String {
        closing(failed: true, unixTime: unixTime) + reasonLine(reason)
    }

    /// `reason` on a line of its own.
    func reasonLine(_ reason: String) -> String {
        CommandBreak.apply(reason + "\n")
    }

    /// The start line of a run titled `title`: a `loadwrap say` inside the block.
    func startLine(_ title: String) -> String {
        CommandBreak.apply(text.lines.start(title))
    }

    private func closing(failed: Bool, unixTime: Int) -> String {
        group?.close(header: String(startLine.dropLast()), failed: failed, unixTime: unixTime) ?? ""
    }

    /// The end line alone (empty when `--result` wants none): a run that streamed from its start,
    /// headed by the outer's line, ends with it when others were held beside it.
    func endLine(_ outcome: Outcome, elapsedMS: Int) -> String {
        text.end(outcome, elapsedMS: elapsedMS).map(CommandBreak.apply) ?? ""
    }

    private var startLine: String {
        startLine(text.title)
    }
}
