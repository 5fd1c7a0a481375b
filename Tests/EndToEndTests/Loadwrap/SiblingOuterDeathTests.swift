import Foundation
import LoadWrapTestSupport
import Testing

/// Steps side by side under an outer loadwrap in plain mode (the streaming one and those that hold
/// their output for a block) lose nothing however the outer ends: after a SIGTERM it passes on,
/// every line the steps printed before they died is in the log; after a SIGKILL, which it cannot
/// catch, the steps run on, write what they hold to the log themselves and stream the rest there.
/// Each line once, each step's lines together and in order. The steps pace themselves (`sleep
/// 0.6`, as in issue 43); the test waits on the files they write and the log, never on time.
@Suite struct SiblingOuterDeathTests {
    static let names = ["a", "b", "c", "d"]

    /// Three runs of each signal.
    static let cases: [(Int32, Int)] = [SIGTERM, SIGKILL].flatMap { signal in (1...3).map { (signal, $0) } }

    @Test(arguments: cases)
    func nothingHeldIsLostWhenTheOuterDies(signal: Int32, run: Int) throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let printed = "\(directory)/printed"
        // Each step notes each line it prints in a file of its own (`printed.a`…), so the test knows
        // what the log must hold. The script passes SIGTERM on to the steps, as make does.
        let steps = Self.names.map { name in
            "loadwrap -t 'step \(name)' -- sh -c 'for i in 1 2 3 4; do echo \"\(name) line $i\";"
                + " echo \"\(name) line $i\" >> \"\(printed).\(name)\"; sleep 0.6; done' & p\(name)=$!"
        }
        let script = """
            trap 'kill -TERM $pa $pb $pc $pd; wait; exit 143' TERM
            \(steps.joined(separator: "\n"))
            wait
            : > '\(directory)/script.done'
            """
        let path = "\(directory)/steps.sh"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        // The script runs in a session of its own, without a controlling terminal, as in a CI job:
        // the outer's death then hangs up no one (the kernel sends SIGHUP to the terminal's
        // foreground group when its session leader exits, setsid(2)/_exit(2)).
        let session = try PtySession(
            Loadwrap.sh("exec '\(TestEnvironment.loadwrap)' -t build -- setsid sh '\(path)' 2>&1"), stdout: .pipe,
            environment: ["GITHUB_ACTIONS": "true"].merging(Loadwrap.pathFirst) { $1 })
        defer { session.terminate() }

        // Every step has printed its first line: one streams, the others hold theirs.
        try #require(Poll.until(timeout: 40) { Self.names.allSatisfy { Self.lines(of: "\(printed).\($0)").count >= 1 } },
                     "the steps did not start")
        session.kill(signal)
        if signal == SIGKILL {
            #expect(session.waitForExit(timeout: 40) == .signaled(SIGKILL))
            // The steps run on to their end without the outer.
            try #require(Poll.until(timeout: 40) { access("\(directory)/script.done", F_OK) == 0 }, "the steps did not end")
        } else {
            #expect(session.waitForExit(timeout: 40) == .exited(143))
        }
        let wrote = Self.names.map { Self.lines(of: "\(printed).\($0)") }
        if signal == SIGKILL { #expect(wrote.allSatisfy { $0.count == 4 }, "\(wrote)") }
        // The log is complete once every step has ended and let go of it.
        let expected = wrote.flatMap { $0 }
        #expect(session.waitForPipe(1, timeout: 40) { bytes in
            let log = Set(Loadwrap.maskedLines(bytes))
            return expected.allSatisfy(log.contains)
        }, "lines missing")
        let log = Loadwrap.maskedLines(session.pipeOutput(1))
        for (name, lines) in zip(Self.names, wrote) {
            let found = log.indices.filter { log[$0].hasPrefix("\(name) line ") }
            // Each line once, in order, and nothing between them: a block stays one block.
            #expect(found.map { log[$0] } == lines, "step \(name): \(log)")
            #expect(found == Array((found.first ?? 0)..<((found.first ?? 0) + found.count)), "step \(name) cut: \(log)")
        }
    }

    /// The lines of `path`, none when it is not there.
    private static func lines(of path: String) -> [String] {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }
}
