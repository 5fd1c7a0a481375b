import Foundation
import LoadWrapTestSupport
import Testing

/// Several `-c` commands and the signals that end a run: each command gets one SIGTERM sent to
/// loadwrap, and Ctrl-C reaches them all, as it reaches one command; nothing they started
/// outlives loadwrap.
@Suite struct SeveralCommandsSignalTests {
    /// A command that notes its start and its background sleep's pid, and notes each SIGTERM.
    private func trapping(_ name: String, in dir: String) -> String {
        "trap 'echo term >> \(dir)/\(name).term; exit 1' TERM; sleep 60 & echo $! > \(dir)/\(name).sleep; wait"
    }

    /// Waits until every one of `files` exists and is not empty.
    private func waitForFiles(_ files: [String]) -> Bool {
        Poll.until {
            files.allSatisfy { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int).flatMap { $0 } ?? 0 > 0 }
        }
    }

    /// Whether the pid written in `file` is gone, given a while to be collected.
    private func isGone(_ file: String) -> Bool {
        let text = String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self)
        guard let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return false }
        return Poll.until { kill(pid, 0) != 0 }
    }

    /// On a terminal the runner leads a process group, which the loadwrap above signals; with
    /// stderr a pipe (plain mode) it shares that loadwrap's group and passes the signal on itself.
    @Test(arguments: [false, true])
    func sigtermToLoadwrapReachesEachCommandOnce(plain: Bool) throws {
        let dir = TestDirectory.make()
        let session = try PtySession(Loadwrap.command(["-c", trapping("a", in: dir), "-c", trapping("b", in: dir)]),
                                     stderr: plain ? .pipe : .pty)
        defer { session.terminate() }
        #expect(waitForFiles(["\(dir)/a.sleep", "\(dir)/b.sleep"]), "the commands did not start")
        session.kill(SIGTERM)
        #expect(session.waitForExit() == .exited(1))
        for name in ["a", "b"] {
            let noted = String(decoding: FileManager.default.contents(atPath: "\(dir)/\(name).term") ?? Data(), as: UTF8.self)
            #expect(noted == "term\n", "\(name) got SIGTERM \(noted.split(separator: "\n").count) times")
            #expect(isGone("\(dir)/\(name).sleep"), "what \(name) started outlived loadwrap")
        }
    }

    /// Only the runner's own inners take a signal for one their group got too; a loadwrap that a
    /// command starts in the background passes on a SIGTERM sent to it alone, as a bare one does.
    @Test func aLoadwrapACommandStartsPassesOnASignalSentToItAlone() throws {
        let dir = TestDirectory.make()
        let nested = "\(TestEnvironment.loadwrap) -- sh -c 'echo $$ > \(dir)/nested; exec sleep 60' & p=$!;"
            + " while [ ! -s \(dir)/nested ]; do sleep 0.02; done; kill $p; wait $p; echo $? > \(dir)/status"
        let run = try PtySession.run(Loadwrap.command(["-c", nested, "-c", "true"]))
        #expect(run.termination == .exited(0))
        let status = String(decoding: FileManager.default.contents(atPath: "\(dir)/status") ?? Data(), as: UTF8.self)
        #expect(status == "143\n", "the nested loadwrap ended with \(status), not as its command killed by SIGTERM")
    }

    @Test func ctrlCEndsEveryCommandAndLoadwrapDiesOfIt() throws {
        let dir = TestDirectory.make()
        let waiter = { (name: String) in "sleep 60 & echo $! > \(dir)/\(name).sleep; wait" }
        let session = try PtySession(Loadwrap.command(["-c", waiter("a"), "-c", waiter("b")]))
        defer { session.terminate() }
        #expect(waitForFiles(["\(dir)/a.sleep", "\(dir)/b.sleep"]), "the commands did not start")
        session.send("\u{03}")
        #expect(session.waitForExit() == .signaled(SIGINT))
        #expect(isGone("\(dir)/a.sleep") && isGone("\(dir)/b.sleep"), "a command outlived loadwrap")
    }
}
