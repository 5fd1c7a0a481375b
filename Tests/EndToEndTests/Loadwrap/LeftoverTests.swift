import Foundation
import LoadWrapTestSupport
import Testing

/// Nothing loadwrap creates outlives it: terminal locks, control FIFOs and their directories,
/// spill files of held output.
@Suite struct LeftoverTests {
    @Test func runsOnSeveralTerminalsLeaveTheRuntimeDirectoryEmpty() throws {
        let directory = TestDirectory.make()
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
        let directory = TestDirectory.make()
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

    /// A run killed by SIGKILL cannot clean up: the next run removes what it left (a control
    /// directory whose FIFO no one reads, a lock file no one holds), but nothing of a live run
    /// and nothing made in the last seconds (a run that may not have made its FIFO yet).
    @Test func theNextRunRemovesWhatAKilledRunLeft() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let uid = getuid()
        let abandoned = "\(directory)/loadwrap-\(uid).dead01"
        let emptyOld = "\(directory)/loadwrap-\(uid).dead02"
        let young = "\(directory)/loadwrap-\(uid).young1"
        let lock = "\(directory)/loadwrap-\(uid)-tty-99999.lock"
        for path in [abandoned, emptyOld, young] { try #require(mkdir(path, 0o700) == 0) }
        try #require(mkfifo(abandoned + "/control", 0o600) == 0)
        // A loadwrap that drew beside another left the terminal's turn in its directory too.
        try #require(FileManager.default.createFile(atPath: abandoned + "/turn", contents: nil))
        try #require(FileManager.default.createFile(atPath: lock, contents: Data("/gone/control".utf8)))
        let old = Date(timeIntervalSinceNow: -60)
        for path in [abandoned, emptyOld] { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: path) }

        // A run sweeps once its command runs: the live run below removes the abandoned ones.
        let live = try PtySession(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "echo up; exec sleep 30"]),
                                  environment: ["XDG_RUNTIME_DIR": directory])
        defer { live.terminate() }
        #expect(live.waitForOutput(containing: "up"))
        let whileLive = try Set(FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(whileLive.contains("loadwrap-\(uid).young1"), "a directory made in the last seconds stays")
        #expect(!whileLive.contains("loadwrap-\(uid).dead01") && !whileLive.contains("loadwrap-\(uid).dead02"))
        #expect(!whileLive.contains("loadwrap-\(uid)-tty-99999.lock"))
        try #require(whileLive.count == 3, "the young directory, the live run's lock and channel: \(whileLive.sorted())")

        // Another run leaves everything of the live one alone, even once it is old.
        for name in whileLive { try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: directory + "/" + name) }
        let next = try PtySession.run(Loadwrap.command(["--mode", "plain", "--", "true"]), environment: ["XDG_RUNTIME_DIR": directory])
        #expect(next.termination == .exited(0))
        let left = try Set(FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(left == whileLive.subtracting(["loadwrap-\(uid).young1"]), "left: \(left.sorted())")
    }
}
