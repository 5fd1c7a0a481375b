/// What every view of a run's end reads alike: how long it took, whether that was slower than
/// usual, and its end line (`✖ test · exit 3 · 0.2s`), the same text a run writes of itself.
extension RunTree.Run {
    /// How long it ran, until `nowMS` for a run still going.
    package func elapsedMS(nowMS: Int) -> Int {
        (endMS ?? nowMS) - startMS
    }

    /// True when it ended both 25 % and 5 s later than it usually does (`SlowerThanUsual`).
    package var slowerThanUsual: Bool {
        endMS.map { SlowerThanUsual.applies(elapsedMS: $0 - startMS, usualMS: usualMS) } ?? false
    }

    /// Its end line in `lines`, `usually …` after the time when it was slower than usual; nil
    /// while it runs or when it did not say how it ended.
    package func endLine(_ lines: ReportLines) -> String? {
        guard let status, let endMS else { return nil }
        let elapsedMS = endMS - startMS
        let usually = SlowerThanUsual.note(elapsedMS: elapsedMS, usualMS: usualMS)
        return lines.end(title, outcome: .ended(status), elapsedMS: elapsedMS, notes: usually.map { [$0] } ?? [])
    }
}
