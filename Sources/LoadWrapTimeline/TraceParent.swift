/// A W3C trace context (`TRACEPARENT: 00-<trace id>-<parent span id>-<flags>`, W3C Trace Context,
/// section 3.2): which trace a run belongs to and the span it runs under. CI systems and
/// `otel-cli exec` set it for the commands they run; loadwrap, writing an OTLP trace, sets it for
/// its command, naming its own span, so tools inside it that trace join the same trace.
package struct TraceParent: Equatable {
    /// 32 lowercase hex digits, not all zero.
    package let traceID: String
    /// 16 lowercase hex digits, not all zero.
    package let spanID: String

    /// The variable, as W3C names it for environments (and OpenTelemetry's propagators read it).
    package static let variable = "TRACEPARENT"
    /// Set by a loadwrap that writes an OTLP trace, to its trace id: a loadwrap under it whose
    /// `TRACEPARENT` is of that trace is recorded in it, so it names its own span for its command.
    package static let recordingVariable = "LOADWRAP_SPANS"

    /// The context in `value`, or nil when it is not version 00's form.
    package init?(_ value: String) {
        let fields = value.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard fields.count == 4, fields[0] == "00", Self.isHex(fields[1], count: 32), Self.isHex(fields[2], count: 16),
              Self.isHex(fields[3], count: 2), fields[1].contains(where: { $0 != "0" }), fields[2].contains(where: { $0 != "0" })
        else { return nil }
        (traceID, spanID) = (fields[1].lowercased(), fields[2].lowercased())
    }

    package init(traceID: String, spanID: String) {
        (self.traceID, self.spanID) = (traceID, spanID)
    }

    /// The header's value, sampled (flags 01).
    package var value: String { "00-\(traceID)-\(spanID)-01" }

    /// A new trace id, from the system's random source.
    package static func newTraceID() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(generator.next(), digits: 16) + hex(generator.next() | 1, digits: 16)
    }

    /// The span process `pid` names its own under `given` (a `TRACEPARENT`): in that trace, under
    /// that span; without one, the first span of a new trace. What a loadwrap names for its
    /// command and writes as its run's span, and what `LoadIndicator.writeOTLP` writes as the
    /// indicator's.
    package static func own(under given: TraceParent?, pid: Int32) -> TraceParent {
        let traceID = given?.traceID ?? newTraceID()
        return TraceParent(traceID: traceID, spanID: spanID(trace: traceID, parent: given?.spanID ?? noSpan, pid: pid))
    }

    /// The parent of a trace's first span, in `spanID`'s input.
    private static let noSpan = "0000000000000000"

    /// The span id of the run of `pid` under the span `parent` in `trace`: the same in the
    /// loadwrap that runs (which names it in its command's `TRACEPARENT`) and in the outermost one
    /// (which writes it), with nothing sent between them. FNV-1a, 64 bits (never zero).
    package static func spanID(trace: String, parent: String, pid: Int32) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in "\(trace)/\(parent)/\(pid)".utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hex(hash == 0 ? 1 : hash, digits: 16)
    }

    private static func hex(_ value: UInt64, digits: Int) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: digits - text.count) + text
    }

    private static func isHex(_ text: String, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0 | 0x20) }
    }
}
