import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension PlainPresenter {
    /// What a run adds to a CI's log and pages besides its lines: the log group its output goes
    /// in, the annotation of a failure, its rows in the job summary.
    struct CI {
        /// The CI service whose log this is, for its failure annotation; nil outside a CI.
        let service: CIService?
        /// Whether a failed run is annotated on the CI's summary page (`--no-annotate`).
        let annotates: Bool
        /// GitHub's job summary, where each run adds its rows; nil elsewhere or with `--no-summary`.
        let jobSummary: JobSummary?
        /// The collapsible log group the output goes in, or nil.
        let group: LogGroup?
        /// The group's header as opened, for a close that names it (TeamCity); nil once it is
        /// closed, so a run stopped while it waited to retry (its group already closed) closes none
        /// twice.
        private var openHeader: String?

        /// The reporting of a run in `service`'s log (none by default), in `group`.
        init(service: CIService? = nil, annotates: Bool = false, jobSummary: JobSummary? = nil,
             group: LogGroup? = nil) {
            (self.service, self.annotates, self.jobSummary, self.group) = (service, annotates, jobSummary, group)
        }

        /// The group's opening with `header` (the start line, defanged, without its line end), or
        /// nil where the output goes in no group.
        mutating func openGroup(header: String) -> String? {
            guard let group else { return nil }
            openHeader = header
            return group.open(header: header, unixTime: time(nil))
        }

        /// The group's end, once, or nil where none is open.
        mutating func closeGroup(failed: Bool) -> String? {
            guard let group, let header = openHeader else { return nil }
            openHeader = nil
            return group.close(header: header, failed: failed, unixTime: time(nil))
        }

        /// The CI's error annotation of a failed run summed up as `summary` (already defanged), or
        /// nil with `--no-annotate` or where the CI has none.
        func annotation(_ summary: String) -> String? {
            annotates ? service?.failureAnnotation(summary) : nil
        }
    }
}
