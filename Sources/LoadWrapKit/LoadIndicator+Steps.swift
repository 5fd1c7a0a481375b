import LoadWrapTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The indicator and its rows as steps of a build, written as `loadwrap --timings` and
/// `loadwrap --trace` (Chrome's format, or OTLP) write theirs: the indicator's own work is the
/// outermost step (from its creation, renamed as its `title` changes, ended by `stop(failed:)`),
/// each row a step inside it (from `addRow` to its `remove(failed:)`; `row(_:_:)` fails it when
/// its body throws).
///
/// ```swift
/// let indicator = LoadIndicator(title: "Building")
/// try await indicator.run { try await buildAll(indicator) }
/// try indicator.writeTimings(toFile: "build-timings.html")
/// ```
extension LoadIndicator {
    /// A file of steps that could not be written.
    public struct StepFileError: Error, CustomStringConvertible {
        /// The path as given.
        public let path: String
        /// Why, as the system says it (`strerror`).
        public let reason: String

        /// `Cannot write '<path>': <reason>.`
        public var description: String { "Cannot write '\(Sanitizer.sanitize(path))': \(reason)." }
    }

    /// Writes the timings page of every step so far to `path` (created, or truncated): one
    /// self-contained HTML file, a Gantt chart with a bar per step, the critical path and a table,
    /// slowest first. Steps still going end now.
    public func writeTimings(toFile path: String) throws(StepFileError) {
        let (records, nowMS) = stepsNow()
        try Self.write(TimingsPage.html(Timeline(records, endMS: nowMS)), to: path)
    }

    /// Writes every step so far to `path` (created, or truncated) in the Chrome Trace Event Format,
    /// which Perfetto and chrome://tracing open. Steps still going end now.
    public func writeTrace(toFile path: String) throws(StepFileError) {
        let (records, nowMS) = stepsNow()
        try Self.write(ChromeTrace.json(records, endMS: nowMS), to: path)
    }

    /// Writes every step so far to `path` (created, or truncated) as OTLP/JSON, as `loadwrap
    /// --trace FILE --trace-format otlp` does: the body of an OTLP/HTTP request, which a collector
    /// takes at `/v1/traces`. Given `traceParent`, a W3C `traceparent` value (a CI's or
    /// `otel-cli`'s `TRACEPARENT`), the indicator's step goes under that span, in that trace;
    /// without one, or when it is not valid, the steps are a trace of their own. Steps still going
    /// end now.
    public func writeOTLP(toFile path: String, traceParent: String? = nil) throws(StepFileError) {
        let (records, nowMS) = stepsNow()
        let parent = traceParent.flatMap(TraceParent.init)
        let own = TraceParent.own(under: parent, pid: getpid())
        let context = OTLPTrace.Context(traceID: own.traceID, rootSpanID: own.spanID, parentSpanID: parent?.spanID,
                                        wallNowNS: WallClock.nowNS(), elapsedMS: nowMS - records.own.startMS)
        try Self.write(OTLPTrace.json(records, endMS: nowMS, context: context), to: path)
    }

    /// The steps and the time, read together on the indicator's queue.
    private func stepsNow() -> (RunRecords, Int) {
        changeRows { ($0.steps.all, $0.nowMS) }
    }

    /// Writes `text` to a file at `path`, mode 0666 less the umask, as a shell's `>` makes one.
    private static func write(_ text: String, to path: String) throws(StepFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
        let written = fd >= 0 && FileDescriptorIO.writeAll(fd, text)
        let reason = String(cString: strerror(errno))
        if fd >= 0 { close(fd) }
        if !written { throw StepFileError(path: path, reason: reason) }
    }
}
