/// The run tree as OTLP/JSON: the body of an OTLP/HTTP export request
/// (`ExportTraceServiceRequest`), which any OpenTelemetry collector takes at `/v1/traces`
/// (`curl -H 'Content-Type: application/json' --data @trace.json $ENDPOINT/v1/traces`). A span
/// per run, named by its title, under the span of the run that ran it; the outermost run under
/// the span its `TRACEPARENT` named, if any. Ids are hex and times decimal strings of Unix
/// nanoseconds, as OTLP's JSON encoding says; attributes after OpenTelemetry's CI/CD conventions
/// (`cicd.pipeline.name` for the run, `cicd.pipeline.task.name` for each step).
package enum OTLPTrace {
    /// What ties the file to a larger trace: its trace id, the outermost run's span and the span
    /// that one runs under, and when (Unix nanoseconds) the outermost run started.
    package struct Context {
        package let traceID: String
        package let rootSpanID: String
        package let parentSpanID: String?
        package let wallStartNS: Int

        /// The outermost run started `elapsedMS` (monotonic) before the wall clock read `wallNowNS`.
        package init(traceID: String, rootSpanID: String, parentSpanID: String?, wallNowNS: Int, elapsedMS: Int) {
            (self.traceID, self.rootSpanID, self.parentSpanID) = (traceID, rootSpanID, parentSpanID)
            wallStartNS = wallNowNS - elapsedMS * 1_000_000
        }
    }

    package static func json(_ records: RunRecords, endMS: Int, context: Context) -> String {
        let runs = records.kept(limit: 10_000, endMS: endMS)
        var spans: [Int: String] = [0: context.rootSpanID]
        let origin = records.own.startMS
        let entries = runs.map { run in
            let parent = run.id == 0 ? context.parentSpanID : spans[run.parent ?? 0]
            let spanID = run.id == 0 ? context.rootSpanID
                : TraceParent.spanID(trace: context.traceID, parent: parent ?? context.rootSpanID, pid: run.spanKey)
            spans[run.id] = spanID
            return span(run, id: spanID, parent: parent ?? (run.id == 0 ? nil : context.rootSpanID), context: context,
                        nanos: { ms in "\"\(context.wallStartNS + (ms - origin) * 1_000_000)\"" }, endMS: endMS)
        }
        return #"{"resourceSpans":[{"resource":{"attributes":[\#(attribute("service.name", "loadwrap"))]},"#
            + #""scopeSpans":[{"scope":{"name":"loadwrap"},"spans":[\#n"# + entries.joined(separator: ",\n") + "\n]}]}]}\n"
    }

    private static func span(
        _ run: RunRecord, id: String, parent: String?, context: Context, nanos: (Int) -> String, endMS: Int
    ) -> String {
        var attributes = [attribute(run.id == 0 ? "cicd.pipeline.name" : "cicd.pipeline.task.name", run.titles[0].title)]
        // OpenTelemetry's process conventions: the command as one string.
        if let command = run.command { attributes.append(attribute("process.command_line", command)) }
        if case .exited(let code)? = run.end { attributes.append(#"{"key":"process.exit.code","value":{"intValue":"\#(code)"}}"#) }
        if let usual = run.usualMS {
            attributes.append(#"{"key":"loadwrap.usual_ms","value":{"intValue":"\#(usual)"}}"#)
            attributes.append(#"{"key":"loadwrap.slower_than_usual","value":{"boolValue":\#(run.slowerThanUsual)}}"#)
        }
        let events = run.titles.dropFirst().map { rename in
            #"{"timeUnixNano":\#(nanos(rename.ms)),"name":"say","attributes":[\#(attribute("title", rename.title))]}"#
        }
        let parentField = parent.map { #""parentSpanId":"\#($0)","# } ?? ""
        return #"{"traceId":"\#(context.traceID)","spanId":"\#(id)",\#(parentField)"name":\#(ChromeTrace.quoted(run.titles[0].title)),"#
            + #""kind":1,"startTimeUnixNano":\#(nanos(run.startMS)),"endTimeUnixNano":\#(nanos(run.endMS ?? endMS)),"#
            + #""attributes":[\#(attributes.joined(separator: ","))],"events":[\#(events.joined(separator: ","))],"#
            + #""status":\#(status(run))}"#
    }

    /// ERROR with how it ended for a run that failed; UNSET otherwise, as OpenTelemetry asks
    /// instrumentation to leave success unset.
    private static func status(_ run: RunRecord) -> String {
        run.failed ? #"{"code":2,"message":\#(ChromeTrace.quoted(run.endText))}"# : "{}"
    }

    private static func attribute(_ key: String, _ value: String) -> String {
        #"{"key":"\#(key)","value":{"stringValue":\#(ChromeTrace.quoted(value))}}"#
    }
}
