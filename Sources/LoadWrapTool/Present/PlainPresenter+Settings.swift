import LoadWrapRuns
extension PlainPresenter {
    /// What a run adds to a CI's log and pages besides its lines.
    struct CI {
        /// The CI service whose log this is, for its failure annotation; nil outside a CI.
        var service: CIService?
        /// Whether a failed run is annotated on the CI's summary page (`--no-annotate`).
        var annotates = false
        /// GitHub's job summary, where each run adds its row; nil elsewhere or with `--no-summary`.
        var jobSummary: JobSummary?
        /// The collapsible log group the output goes in, or nil.
        var group: LogGroup?
    }

    /// When loadwrap's own lines come and what time they tell.
    struct Timing {
        /// When the command started: progress and heartbeat lines say the time since.
        var startMS: Int
        /// When the run's first attempt started: `--timestamps` counts from here.
        var runStartMS: Int
        /// Milliseconds of silence in the log before a heartbeat line, or nil for none.
        var heartbeatMS: Int?
        /// Stamps each line of the log with its time (`--timestamps`), or nil.
        var stamper: LineStamper?

        /// Times for a command started at `startMS`, in a run whose first attempt started at
        /// `runStartMS` (default the same).
        init(startMS: Int, runStartMS: Int? = nil, heartbeatMS: Int? = nil, stamper: LineStamper? = nil) {
            self.startMS = startMS
            self.runStartMS = runStartMS ?? startMS
            self.heartbeatMS = heartbeatMS
            self.stamper = stamper
        }
    }
}
