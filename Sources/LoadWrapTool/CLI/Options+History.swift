extension Options {
    /// The remembered durations of this run, or nil when they are off (`--no-history`, or
    /// `LOADWRAP_HISTORY=0`, which the parser turns into it) or there is no state directory to
    /// keep them in. The key is the command, never `--title`, which is only for display.
    func historyOfRun(environment: [String: String]) -> History? {
        guard history, let store = HistoryStore(environment: environment) else { return nil }
        return History(store: store, command: command, delayMS: delayMS)
    }
}
