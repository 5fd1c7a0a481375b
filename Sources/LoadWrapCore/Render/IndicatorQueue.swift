/// The terminal's own progress indicator (OSC 9;4) as the painter drives it: sent when its state
/// changes, or held while the output is inside a sequence and sent once it has left it.
struct IndicatorQueue {
    /// The indicator, where the terminal has one; nil: never sent.
    private var indicator: TerminalProgress?
    /// What the indicator should show once the output leaves an unfinished sequence.
    private(set) var waiting: TerminalProgress.State?

    init(enabled: Bool) {
        indicator = enabled ? TerminalProgress() : nil
    }

    /// What the terminal's indicator shows now, or nil without one.
    var shown: TerminalProgress.State? { indicator?.shown }

    /// True while the indicator shows (or is about to show) a failure.
    var showsFailure: Bool { (waiting ?? indicator?.shown) == .failed }

    /// The bytes for `state` now, or nothing now and `state` later when the output is `unfinished`.
    mutating func show(_ state: TerminalProgress.State, unfinished: Bool) -> [UInt8] {
        guard indicator != nil else { return [] }
        guard !unfinished else {
            waiting = state
            return []
        }
        waiting = nil
        return indicator!.show(state)
    }

    /// The bytes for `state`, sent now whatever is held (the line is drawn: writing is safe).
    mutating func send(_ state: TerminalProgress.State) -> [UInt8] {
        indicator?.show(state) ?? []
    }

    /// The state held while the output was inside a sequence, sent now.
    mutating func flush() -> [UInt8] {
        guard let state = waiting else { return [] }
        waiting = nil
        return indicator?.show(state) ?? []
    }

    /// The bytes that remove the indicator, and nothing held any more; nothing when `unfinished`.
    mutating func remove(unfinished: Bool) -> [UInt8] {
        waiting = nil
        guard !unfinished else { return [] }
        return indicator?.show(.none) ?? []
    }
}
