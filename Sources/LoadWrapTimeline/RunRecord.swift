/// One run as the files written at the end see it (`--timings`, `--trace`): a step of the build,
/// with its titles, its times and how it ended. The tool makes these from its run tree, the
/// library from its indicator's rows, so both write the same files.
package struct RunRecord: Sendable, Equatable {
    /// Where a run stood to the one that keeps the records: the trace's category.
    package enum Place: String, Sendable {
        /// The outermost run.
        case run
        /// Run by the outermost run's command, or by a run nested in it; a library's row.
        case nested
        /// Beside the outermost run in a pipeline.
        case pipeline
        /// On the same terminal in no pipeline with it (a shell's `&`).
        case beside
    }

    /// How a run ended.
    package enum End: Sendable, Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// It died of this signal, named as loadwrap names it (`SIGTERM`).
        case killed(String)
        /// It ended and said no more: a library's row that went well.
        case succeeded
        /// A library's row that failed, with no status to tell.
        case failed
    }

    /// A title the run took, and when.
    package struct Titled: Sendable, Equatable {
        package let ms: Int
        package let title: String

        package init(ms: Int, title: String) {
            (self.ms, self.title) = (ms, title)
        }
    }

    /// The order runs were heard of in: 0 for the outermost, then 1, 2, …
    package let id: Int
    /// The run whose command ran it (`id`); nil for the outermost and runs not nested.
    package let parent: Int?
    package let place: Place
    /// What tells its OTLP span apart from its siblings', as its loadwrap names it (its pid).
    package let spanKey: Int32
    /// Each title it took, with when: its first at its start, then each rename.
    package var titles: [Titled]
    /// When it started and ended (nil: still running at the end), in milliseconds on one clock.
    package let startMS: Int
    package var endMS: Int?
    /// How it ended; nil while it runs, or when it did not say.
    package var end: End?
    /// Its command line as loadwrap's titles show it (sanitised; never an environment value), when
    /// it has one.
    package var command: String?
    /// How long it usually takes, when history knows.
    package var usualMS: Int?
    /// True when it ended both 25 % and 5 s later than it usually does (docs/history.md).
    package var slowerThanUsual = false

    /// A run that started at `startMS` titled `title`, still going.
    package init(id: Int, parent: Int?, place: Place, spanKey: Int32, title: String, startMS: Int) {
        (self.id, self.parent, self.place, self.spanKey) = (id, parent, place, spanKey)
        (titles, self.startMS) = ([Titled(ms: startMS, title: title)], startMS)
    }

    /// Its title at the end.
    package var title: String { titles[titles.count - 1].title }

    /// True when the run ended other than by exiting 0.
    package var failed: Bool {
        switch end {
        case .exited(let code)?: code != 0
        case .killed?, .failed?: true
        case .succeeded?, nil: false
        }
    }

    /// How the run ended: `exit 3`, `SIGTERM`, `ok`, `failed`, or `running` when it had not
    /// ended, `ended` when it did not say how.
    package var endText: String {
        switch end {
        case .exited(let code)?: "exit \(code)"
        case .killed(let name)?: name
        case .succeeded?: "ok"
        case .failed?: "failed"
        case nil: endMS == nil ? "running" : "ended"
        }
    }
}
