import LoadWrapCore
import LoadWrapRuns

extension PlainPresenter {
    /// What plain mode's heartbeat and progress lines say, `… build (step a) · 52% · 1m00s`, and
    /// when they come: a heartbeat after a silence of the log, a progress line at each tenth.
    struct Heartbeat {
        /// Milliseconds of silence in the log before a heartbeat line, or nil for none.
        let intervalMS: Int?
        /// When the command started: the lines say the time since.
        let startMS: Int
        /// When the log last saw a byte, from the command or from loadwrap.
        private(set) var lastActivityMS: Int
        /// The title now (`loadwrap say` changes it).
        var title: String
        /// The titles of the steps running side by side under this run, if any: the lines name
        /// them, `… build (step a, step b) · still running · 5m00s`.
        var runningSteps: [String] = []
        /// How far the command has got, if it said.
        private(set) var progress: LoadProgress?
        /// The tenth the last progress line showed: the first line comes at 10 %.
        private var reportedTenth = 0

        /// The lines of a command titled `title` that started at `startMS`, a heartbeat after
        /// `intervalMS` of silence (nil for none), the log last active at `nowMS`.
        init(title: String, startMS: Int, intervalMS: Int?, nowMS: Int) {
            (self.title, self.startMS, self.intervalMS, lastActivityMS) = (title, startMS, intervalMS, nowMS)
        }

        /// The log saw a byte at `nowMS`.
        mutating func active(atMS nowMS: Int) {
            lastActivityMS = nowMS
        }

        /// When the next heartbeat is due, or nil for none.
        var deadlineMS: Int? {
            intervalMS.map { lastActivityMS + $0 }
        }

        /// True when the log has been silent for the interval at `nowMS`.
        func isDue(atMS nowMS: Int) -> Bool {
            guard let intervalMS else { return false }
            return nowMS - lastActivityMS >= intervalMS
        }

        /// Takes `progress` as the command's; true when it reached another tenth (or went back
        /// below one), for a line: a CI log gets at most about ten of them, however often the
        /// command reports.
        mutating func progressChanged(_ progress: LoadProgress?) -> Bool {
            self.progress = progress
            guard let progress else { return false }
            let tenth = Int(progress.fraction * 10)
            guard tenth != reportedTenth else { return false }
            reportedTenth = tenth
            return true
        }

        /// The heartbeat line in `lines` at `nowMS`: `… title · still running · 5m00s`.
        func heartbeatLine(_ lines: ReportLines, nowMS: Int) -> String {
            lines.heartbeat(titleWithSteps, elapsedMS: nowMS - startMS)
        }

        /// The progress line in `lines` at `nowMS`, or nil while the command has said none.
        func progressLine(_ lines: ReportLines, nowMS: Int) -> String? {
            progress.map { lines.progress(titleWithSteps, figures: $0.figures, elapsedMS: nowMS - startMS) }
        }

        /// The title, and the steps running side by side under it.
        private var titleWithSteps: String {
            runningSteps.isEmpty ? title : "\(title) (\(runningSteps.joined(by: ", ")))"
        }
    }
}
