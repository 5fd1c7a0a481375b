import LoadWrapKit

extension PlainPresenter {
    /// When loadwrap's own lines come and what time they tell.
    struct Timing {
        /// Where the time comes from.
        var clock: any TimeSource
        /// When the command started: progress and heartbeat lines say the time since.
        var startMS: Int
        /// When the run's first attempt started: `--timestamps` counts from here.
        var runStartMS: Int
        /// Milliseconds of silence in the log before a heartbeat line, or nil for none.
        var heartbeatMS: Int?
        /// Stamps each line of the log with its time (`--timestamps`), or nil.
        var stamper: LineStamper?

        /// Times read on `clock` for a command started at `startMS`, in a run whose first attempt
        /// started at `runStartMS` (default the same).
        init(clock: any TimeSource, startMS: Int, runStartMS: Int? = nil, heartbeatMS: Int? = nil,
             stamper: LineStamper? = nil) {
            self.clock = clock
            self.startMS = startMS
            self.runStartMS = runStartMS ?? startMS
            self.heartbeatMS = heartbeatMS
            self.stamper = stamper
        }
    }
}
