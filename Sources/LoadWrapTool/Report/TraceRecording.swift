import LoadWrapTimeline
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How this loadwrap takes part in an OTLP trace: the span it names for its command in
/// `TRACEPARENT`, under the span it was started under. The outermost loadwrap that writes an OTLP
/// trace starts one (under the `TRACEPARENT` it was given, if any: a CI's, `otel-cli`'s), and tells
/// the loadwraps under it so in `LOADWRAP_SPANS`; each of those names its own span in turn. Span
/// ids come from the trace id, the parent's span and the pid (`TraceParent.spanID`), so the
/// outermost writes the same ids its inner loadwraps gave their commands, with nothing sent.
struct TraceRecording {
    let traceID: String
    let spanID: String
    /// The span this loadwrap runs under; nil for a trace of its own.
    let parentSpanID: String?

    /// This loadwrap's part, or nil: when it writes an OTLP trace itself (`outermost`), or when
    /// the loadwrap that does runs it (its `TRACEPARENT` is of that trace).
    static func make(writesOTLP: Bool, environment: [String: String]) -> TraceRecording? {
        let given = environment[TraceParent.variable].flatMap(TraceParent.init)
        let recorded = given.map { environment[TraceParent.recordingVariable] == $0.traceID } ?? false
        guard writesOTLP || recorded else { return nil }
        return TraceRecording(under: given)
    }

    private init(under given: TraceParent?) {
        let own = TraceParent.own(under: given, pid: getpid())
        (traceID, spanID, parentSpanID) = (own.traceID, own.spanID, given?.spanID)
    }

    /// What the command's environment gets: its `TRACEPARENT`, naming this loadwrap's span (or,
    /// when the file shows each `--retry` attempt as a step, that `attempt`'s span, as
    /// `RunRecords.attempts` keys it), and the trace that is being recorded.
    func environment(attempt: Int? = nil) -> [String: String] {
        let span = attempt.map { TraceParent.spanID(trace: traceID, parent: spanID, pid: Int32(-$0)) } ?? spanID
        return [TraceParent.variable: TraceParent(traceID: traceID, spanID: span).value, TraceParent.recordingVariable: traceID]
    }
}
