import Foundation
import LoadWrapTestSupport
import Testing

/// `--trace-format otlp`: the run tree as an OTLP/JSON export, read back with the OpenTelemetry
/// project's own classes (`Scripts/check-otlp.sh`), joined to the trace of the `TRACEPARENT` it
/// was given, and each command given a `TRACEPARENT` that names its own span in the file.
@Suite(.serialized) struct OTLPTraceTests {
    /// One span as `check-otlp.sh` prints it.
    struct Span {
        let name, trace, id, parent: String
        let status: String

        init(_ line: Substring) {
            let fields = line.split(separator: "\t").map(String.init)
            (name, trace, id, parent, status) = (fields[0], fields[1], fields[2], fields[3], fields[6])
        }
    }

    private static let given = (trace: "0af7651916cd43dd8448eb211c80319c", span: "b7ad6b7169203331")

    @Test func theSpansFormTheTreeUnderTheGivenParentAndEachCommandSeesItsOwn() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/trace.json"
        // Each command writes the TRACEPARENT it got, named by its step.
        let steps = """
            "$L" -t "step a" -- sh -c 'echo "$TRACEPARENT" > "$D/a"; "$L" -t inner -- sh -c "echo \\"\\$TRACEPARENT\\" > $D/inner"' &
            "$L" -t "step b" -- sh -c 'echo "$TRACEPARENT" > "$D/b"; exit 2' & wait
            """
        let command = Loadwrap.command(["--trace", file, "--trace-format", "otlp", "-t", "build", "--", "sh", "-c",
                                        "export L=\"$0\" D=\"$1\"; " + steps, TestEnvironment.loadwrap, directory])
        let run = try PtySession.run(command, environment: [
            "CI": "true", "TRACEPARENT": "00-\(Self.given.trace)-\(Self.given.span)-01",
        ])
        #expect(run.termination == .exited(0))
        let read = try PtySession.run(["/bin/sh", TestEnvironment.packageRoot + "/Scripts/check-otlp.sh", file], stdout: .pipe,
                                      timeout: 300)
        try #require(read.termination == .exited(0), "\(Loadwrap.text(read.output))")
        let spans = String(decoding: read.stdout, as: UTF8.self).split(separator: "\n").map(Span.init)
        let byName = Dictionary(uniqueKeysWithValues: spans.map { ($0.name, $0) })
        #expect(Set(byName.keys) == ["build", "step a", "step b", "inner"])
        #expect(spans.allSatisfy { $0.trace == Self.given.trace })
        let (build, a, b, inner) = (byName["build"]!, byName["step a"]!, byName["step b"]!, byName["inner"]!)
        #expect(build.parent == Self.given.span)
        #expect(a.parent == build.id && b.parent == build.id && inner.parent == a.id)
        #expect(b.status == "2" && a.status == "0")
        for (step, span) in [("a", a), ("b", b), ("inner", inner)] {
            let seen = try String(contentsOfFile: directory + "/" + step, encoding: .utf8)
            #expect(seen == "00-\(Self.given.trace)-\(span.id)-01\n", "the TRACEPARENT \(step)'s command got")
        }
    }
}
