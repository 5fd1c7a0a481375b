/// The run tree in the Chrome Trace Event Format, the JSON that Perfetto and chrome://tracing open
/// (as they open Bazel's `--profile` and Nx's `NX_PROFILE`): a complete event (`X`) per run, on
/// the lane `TraceLanes` gives it, each rename (`loadwrap say`) an instant event (`i`) on that
/// lane, the lanes named by metadata events (`M`). Times are microseconds from this loadwrap's
/// start. Format: "Trace Event Format", Google's document that chrome://tracing reads.
package enum ChromeTrace {
    /// The whole file for `records` as of `endMS`: runs still going end there. At most `limit` runs,
    /// the longest (`RunRecords.kept`); the process's name says how many were left out.
    package static func json(_ records: RunRecords, endMS: Int, limit: Int = 10_000) -> String {
        let runs = records.kept(limit: limit, endMS: endMS)
        let titles = Dictionary(uniqueKeysWithValues: runs.map { ($0.id, $0.titles[0].title) })
        let lanes = TraceLanes.assign(runs, endMS: endMS)
        let origin = records.own.startMS
        let omitted = records.runs.count - runs.count
        let leftOut = omitted > 0 ? " (\(omitted) shorter steps left out)" : ""
        var events = [metadata("process_name", tid: nil, name: "loadwrap: \(records.own.title)\(leftOut)")]
        events += Set(lanes.values).sorted().map { metadata("thread_name", tid: $0 + 1, name: "lane \($0 + 1)") }
        for run in runs {
            let tid = lanes[run.id, default: 0] + 1
            events.append(complete(run, tid: tid, origin: origin, endMS: endMS, parent: run.parent.flatMap { titles[$0] }))
            events += run.titles.dropFirst().map { rename in
                #"{"name":\#(quoted("say: " + rename.title)),"ph":"i","s":"t","ts":\#((rename.ms - origin) * 1000),"pid":1,"tid":\#(tid)}"#
            }
        }
        return "{\"traceEvents\":[\n" + events.joined(separator: ",\n") + "\n],\"displayTimeUnit\":\"ms\"}\n"
    }

    /// A run's complete event: its first title (the renames follow as instant events), its place
    /// as the category, how it ended and who ran it as arguments.
    private static func complete(_ run: RunRecord, tid: Int, origin: Int, endMS: Int, parent: String?) -> String {
        let start = run.startMS - origin
        let duration = max(0, (run.endMS ?? endMS) - run.startMS)
        var args = [#""status":\#(quoted(run.endText))"#]
        if let parent { args.append(#""parent":\#(quoted(parent))"#) }
        // The usual time where history knew it, and whether this run was slower (docs/history.md).
        if let usual = run.usualMS { args.append(#""usual_ms":\#(usual),"slower_than_usual":\#(run.slowerThanUsual)"#) }
        if let command = run.command { args.append(#""command":\#(quoted(command))"#) }
        return #"{"name":\#(quoted(run.titles[0].title)),"cat":"\#(run.place.rawValue)","ph":"X","ts":\#(start * 1000),"#
            + #""dur":\#(duration * 1000),"pid":1,"tid":\#(tid),"args":{\#(args.joined(separator: ","))}}"#
    }

    /// A metadata event naming the process (no `tid`) or a lane.
    private static func metadata(_ kind: String, tid: Int?, name: String) -> String {
        let lane = tid.map { #","tid":\#($0)"# } ?? ""
        return #"{"name":"\#(kind)","ph":"M","pid":1\#(lane),"args":{"name":\#(quoted(name))}}"#
    }

    /// `text` as a JSON string (RFC 8259, section 7): quotes, backslashes and control characters
    /// escaped. Titles are sanitised already; the escapes keep the file valid whatever they hold.
    package static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
