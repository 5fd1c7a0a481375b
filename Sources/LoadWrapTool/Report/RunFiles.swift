import LoadWrapCore
import LoadWrapProcess
import LoadWrapRuns
import LoadWrapTimeline

/// The files the outermost loadwrap writes from its run tree when the run ends: the `--trace`
/// (`ChromeTrace`) and the `--timings` page (`TimingsPage`). The loadwraps under it report to it
/// and write none, though they see the same options in `LOADWRAP_TRACE` and `LOADWRAP_TIMINGS`.
struct RunFiles {
    let trace: EndFile?
    let timings: EndFile?
    /// `--trace-format`.
    let format: TraceFormat
    /// With `--retry`: each attempt is a step of the whole run in the files (its total here).
    let attempts: Int?

    /// The files `options` ask for, opened now; none unless `outermost`.
    init(_ options: Options, outermost: Bool) throws(SpawnError) {
        trace = if let path = options.tracePath, outermost { try EndFile("trace", path: path) } else { nil }
        timings = if let path = options.timingsPath, outermost { try EndFile("timings page", path: path) } else { nil }
        format = options.traceFormat
        attempts = options.retries > 0 && (trace != nil || timings != nil) ? options.retries + 1 : nil
    }

    /// True when the trace is written as OTLP: the command then gets a `TRACEPARENT`.
    var writesOTLP: Bool { trace != nil && format == .otlp }

    /// True when a file is written at the end, so the run tree keeps every run.
    var wanted: Bool { trace != nil || timings != nil }

    /// The runs the files show: the one attempt's tree, or each attempt's (`trees`, in the order
    /// they ran) as a step of the whole run titled `title`.
    func records(_ trees: [RunTree], title: String) -> RunRecords {
        guard let attempts else { return trees[trees.count - 1].records }
        return RunRecords.attempts(trees.map(\.records), title: title, total: attempts)
    }

    /// Writes each file for `records` as of `endMS`, when the wall clock reads `wallNowNS` (Unix
    /// nanoseconds; OTLP's times are the wall clock's); the page's path goes on stderr, as cargo's
    /// `--timings` says where its report went. `recording` ties an OTLP trace to a larger one.
    func write(_ records: RunRecords, endMS: Int, wallNowNS: Int, recording: TraceRecording?) {
        switch (format, recording) {
        case (.otlp, let recording?):
            let context = OTLPTrace.Context(traceID: recording.traceID, rootSpanID: recording.spanID,
                                            parentSpanID: recording.parentSpanID,
                                            wallNowNS: wallNowNS, elapsedMS: endMS - records.own.startMS)
            trace?.write(OTLPTrace.json(records, endMS: endMS, context: context))
        default:
            trace?.write(ChromeTrace.json(records, endMS: endMS))
        }
        if let timings, timings.write(TimingsPage.html(Timeline(records, endMS: endMS))) {
            StandardStreams.err("Timings: \(Sanitizer.sanitize(timings.path))\n")
        }
    }
}
