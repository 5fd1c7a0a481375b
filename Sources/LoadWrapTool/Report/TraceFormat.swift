/// What `--trace` writes: the `--trace-format` choices.
enum TraceFormat: String, CaseIterable, Sendable {
    /// Chrome trace JSON, for Perfetto and chrome://tracing (the default).
    case chrome
    /// OTLP/JSON, the body of an OTLP/HTTP export to an OpenTelemetry collector.
    case otlp
}
