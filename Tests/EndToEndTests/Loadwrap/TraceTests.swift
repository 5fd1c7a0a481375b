import Foundation
import LoadWrapTestSupport
import Testing

/// `--trace FILE`: the outermost loadwrap writes every step under it as Chrome trace JSON when the
/// run ends, which Perfetto and chrome://tracing open.
@Suite struct TraceTests {
    /// A build of three steps, `step a` and `step b` side by side, then `test`, which renames
    /// itself and fails: as the user tried it.
    private static func build(_ trace: String) -> [String] {
        let inner = TestEnvironment.loadwrap
        let script = """
            "$L" -t "step a" -- sleep 0.4 & "$L" -t "step b" -- sleep 0.6 & wait
            "$L" -t test -- sh -c '"$L" say linking; sleep 0.2; exit 3'
            """
        return Loadwrap.command(["--trace", trace, "-t", "build", "--", "sh", "-c", "export L=\"$0\"; " + script, inner])
    }

    /// The file's events, each a JSON object.
    private static func events(_ path: String) throws -> [[String: Any]] {
        let data = try #require(FileManager.default.contents(atPath: path))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(object["traceEvents"] as? [[String: Any]])
    }

    /// The complete event named `name`.
    private static func run(_ events: [[String: Any]], _ name: String) throws -> [String: Any] {
        try #require(events.first { $0["ph"] as? String == "X" && $0["name"] as? String == name }, "no event for \(name)")
    }

    @Test func everyStepIsACompleteEventInsideItsParentWithItsStatus() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/trace.json"
        let run = try PtySession.run(Self.build(path), environment: ["CI": "true"])
        #expect(run.termination == .exited(3))
        let events = try Self.events(path)
        for event in events {
            #expect(event["name"] is String && event["ph"] is String && event["pid"] as? Int == 1, "\(event)")
            if event["ph"] as? String == "X" { #expect(event["ts"] is Int && event["dur"] is Int && event["tid"] is Int, "\(event)") }
        }
        let (build, a, b, test) = (try Self.run(events, "build"), try Self.run(events, "step a"), try Self.run(events, "step b"),
                                   try Self.run(events, "test"))
        let span = { (event: [String: Any]) in (event["ts"] as! Int, event["ts"] as! Int + (event["dur"] as! Int)) }
        for step in [a, b, test] {
            #expect(span(step).0 >= span(build).0 && span(step).1 <= span(build).1, "\(step) inside build")
            #expect((step["args"] as? [String: Any])?["parent"] as? String == "build")
        }
        #expect(span(a).0 < span(b).1 && span(b).0 < span(a).1, "the steps side by side overlap")
        #expect(a["tid"] as? Int != b["tid"] as? Int, "each on a lane of its own")
        #expect(span(test).0 >= max(span(a).1, span(b).1), "test starts once both ended")
        #expect(abs(span(b).1 - span(b).0 - 600_000) < 400_000, "step b took about its 0.6 s")
        #expect((test["args"] as? [String: Any])?["status"] as? String == "exit 3")
        #expect((build["args"] as? [String: Any])?["status"] as? String == "exit 3")
        #expect((a["args"] as? [String: Any])?["status"] as? String == "exit 0")
        #expect(events.contains { $0["ph"] as? String == "i" && $0["name"] as? String == "say: linking" })
    }

    /// The inner loadwraps see `LOADWRAP_TRACE` too, and leave the file to the outermost: once the
    /// inner one has ended, the file is not there yet (the outermost makes it at its own end).
    @Test func onlyTheOutermostWrites() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/trace.json"
        let inner = Loadwrap.command(["-t", "inner", "--", "true"]).map { "'\($0)'" }.joined(separator: " ")
        let check = "; if [ -e '\(path)' ]; then touch '\(directory)/inner-wrote'; fi"
        let run = try PtySession.run(Loadwrap.command(["-t", "outer", "--", "sh", "-c", inner + check]),
                                     environment: ["CI": "true", "LOADWRAP_TRACE": path])
        #expect(run.termination == .exited(0))
        #expect(!FileManager.default.fileExists(atPath: directory + "/inner-wrote"), "the inner loadwrap wrote the file")
        let events = try Self.events(path)
        #expect(try Self.run(events, "outer")["tid"] as? Int == 1)
        _ = try Self.run(events, "inner")
    }

    /// SIGTERM to loadwrap goes on to the command, and the run ends as it does: the file is
    /// written all the same, saying how it ended.
    @Test func aSignalToLoadwrapStillWritesIt() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/trace.json"
        let session = try PtySession(Loadwrap.command(["--trace", path, "-t", "build", "--", "sleep", "30"]),
                                     environment: ["CI": "true"])
        defer { session.terminate() }
        try #require(session.waitForOutput(containing: "▸ build"))
        kill(session.pid, SIGTERM)
        #expect(session.waitForExit() == .signaled(SIGTERM))
        #expect((try Self.run(Self.events(path), "build")["args"] as? [String: Any])?["status"] as? String == "SIGTERM")
    }

    /// A path that cannot be written stops the run before the command starts: one `Error:` line, 125.
    @Test func anUnwritablePathIsRefusedBeforeTheCommandStarts() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let marker = directory + "/ran"
        let run = try PtySession.run(
            Loadwrap.command(["--trace", directory + "/no/such/dir/t.json", "--", "touch", marker]), environment: ["CI": "true"])
        #expect(run.termination == .exited(125))
        #expect(Loadwrap.text(run.output).hasPrefix("Error: Cannot write the trace '"))
        #expect(Loadwrap.text(run.output).split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: marker), "the command must not run")
    }
}
