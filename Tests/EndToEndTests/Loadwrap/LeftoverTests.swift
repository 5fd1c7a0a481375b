import Foundation
import Testing

/// Nothing loadwrap creates outlives it: terminal locks, control FIFOs and their directories,
/// spill files of held output.
@Suite struct LeftoverTests {
    @Test func runsOnSeveralTerminalsLeaveTheRuntimeDirectoryEmpty() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let environment: [String: String?] = ["XDG_RUNTIME_DIR": directory, "TMPDIR": directory]
        let runs: [[String]] = [
            ["--delay", "0", "--", "sh", "-c", "sleep 0.3; echo one"],
            ["--delay", "0", "--mode", "plain", "--", "sh", "-c", "echo two"],
            ["--delay", "0", "--quiet", "--", "sh", "-c", "head -c 5000000 /dev/zero | tr '\\0' x; exit 3"],
            ["--delay", "0", "--", "sh", "-c", "loadwrap --delay 0 -- sh -c 'sleep 0.2'"],
        ]
        for arguments in runs {
            let run = try PtySession.run(Loadwrap.command(arguments), environment: environment.merging(Loadwrap.pathFirst) { $1 })
            #expect(run.termination != .timedOut)
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [], "after \(arguments)")
        }
        let pipeline = "loadwrap --delay 0 -t a -- sh -c 'echo x; sleep 0.3' | loadwrap --delay 0 -t b -- cat"
        let piped = try PtySession.run(Loadwrap.sh(pipeline), environment: environment.merging(Loadwrap.pathFirst) { $1 })
        #expect(piped.termination == .exited(0))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [], "after a pipeline of two")
    }

    @Test func aRunEndedBySIGTERMLeavesNothingEither() throws {
        let directory = try TestEnvironment.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let session = try PtySession(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "echo up; exec sleep 30"]),
                                     environment: ["XDG_RUNTIME_DIR": directory])
        defer { session.terminate() }
        #expect(session.waitForOutput(containing: "up"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).count == 2, "a lock and a channel while it runs")
        session.kill(SIGTERM)
        #expect(session.waitForExit() == .signaled(SIGTERM))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == [])
    }
}
