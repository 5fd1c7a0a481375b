import Foundation
import LoadWrapTestSupport
import Testing

/// Loadwraps nested side by side under one in plain mode (`make -j4`, `&`) never share a stretch
/// of the log: the oldest streams, the others hold their output and it comes as one block each,
/// headed by its start line (in a log group where the CI's groups nest) and closed by its end
/// line. Each step waits on a FIFO the test writes to, so what is held when is decided by the
/// test, never by timing.
@Suite struct SiblingBlockTests {
    /// The steps of one run: their gates (FIFOs) and the files they and the script leave.
    private struct Steps {
        let directory = TestDirectory.make()

        /// Makes a gate for each of `names`.
        func gates(_ names: [String]) throws {
            for name in names { try #require(mkfifo("\(directory)/\(name).gate", 0o600) == 0) }
        }

        /// The command of step `name`: its first line, a mark that it started, then the rest once
        /// its gate opens, ending with `code`.
        func command(_ name: String, exit code: Int32) -> String {
            "loadwrap -t 'step \(name)' -- sh -c \"echo '\(name) 1'; : > '\(directory)/\(name).started';"
                + " read x < '\(directory)/\(name).gate'; echo '\(name) 2'; echo '\(name) 3'; exit \(code)\""
        }

        /// A shell line that waits until step `name` has started.
        func awaitStart(_ name: String) -> String {
            "while [ ! -e '\(directory)/\(name).started' ]; do sleep 0.05; done"
        }

        /// Whether step `name` has started.
        func started(_ name: String) -> Bool {
            access("\(directory)/\(name).started", F_OK) == 0
        }

        /// Lets step `name` go on.
        func release(_ name: String) {
            let fd = open("\(directory)/\(name).gate", O_WRONLY)
            guard fd >= 0 else { return }
            _ = write(fd, "go\n", 3)
            close(fd)
        }

        /// Runs `script` under an outer loadwrap titled `build` in plain mode, stderr and stdout
        /// one pipe, as in a CI job.
        func session(_ script: String, options: String = "", environment: [String: String?]) throws -> PtySession {
            let path = "\(directory)/steps.sh"
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            return try PtySession(
                Loadwrap.sh("exec '\(TestEnvironment.loadwrap)' \(options) -t build -- sh '\(path)' 2>&1"), stdout: .pipe,
                environment: environment.merging(Loadwrap.pathFirst) { $1 })
        }
    }

    /// The three CIs, and how each frames the run and a step's block.
    struct CI: CustomTestStringConvertible, Sendable {
        let environment: [String: String?]
        /// The outer run's first and last lines.
        let open: String
        let close: [String]
        /// A held step's block around its lines.
        let header: @Sendable (String) -> String
        let footer: @Sendable (String) -> [String]
        let testDescription: String

        static let section = "\u{1B}[0Ksection_start:N:NAME[collapsed=true]\r\u{1B}[0K"
        static let sectionEnd = "\u{1B}[0Ksection_end:N:NAME\r\u{1B}[0K"

        static let all = [
            CI(environment: ["GITHUB_ACTIONS": "true"], open: "::group::▸ build", close: ["::endgroup::", "✔ build · T"],
               header: { "▸ \($0)" }, footer: { [$0] }, testDescription: "GitHub Actions"),
            CI(environment: ["GITLAB_CI": "true"], open: section + "▸ build", close: [sectionEnd, "✔ build · T"],
               header: { section + "▸ \($0)" }, footer: { [sectionEnd, $0] }, testDescription: "GitLab CI"),
            CI(environment: ["BUILDKITE": "true"], open: "--- ▸ build", close: ["✔ build · T"],
               header: { "▸ \($0)" }, footer: { [$0] }, testDescription: "Buildkite"),
        ]
    }

    /// The log's lines, elapsed times and GitLab's section names masked.
    private static func lines(_ bytes: [UInt8]) -> [String] {
        Loadwrap.maskedLines(bytes).map { $0.replacing(/:\d+:loadwrap_\d+/, with: ":N:NAME") }
    }

    private static func contains(_ bytes: [UInt8], _ text: String) -> Bool {
        Loadwrap.text(bytes).contains(text)
    }

    /// Step a streams from its start; b, c and d, started beside it in that order, are held until
    /// it ends, when a gets an end line and b, the oldest, takes over and streams; c and d are one
    /// block each, c's closed by its failure. Every line is there, each step's together, in order.
    @Test(arguments: CI.all)
    func siblingsComeAsBlocks(ci: CI) throws {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        let names = ["a", "b", "c", "d"]
        try steps.gates(names)
        let script = """
            \(steps.command("a", exit: 0)) &
            \(steps.awaitStart("a"))
            \(steps.command("b", exit: 0)) &
            \(steps.awaitStart("b"))
            \(steps.command("c", exit: 3)) &
            \(steps.awaitStart("c"))
            \(steps.command("d", exit: 0)) &
            wait
            """
        let session = try steps.session(script, environment: ci.environment)
        defer { session.terminate() }

        // a, alone at first, streams: its first line is in the log while it waits.
        #expect(session.waitForPipe(1) { Self.contains($0, "a 1\n") }, "a did not stream")
        try #require(Poll.until { ["b", "c", "d"].allSatisfy { steps.started($0) } }, "b, c and d did not start")
        // b, c and d wrote their first lines; a holds the turn, so they are held, and the outer
        // wrote no start line for them.
        let early = Loadwrap.text(session.pipeOutput(1))
        for name in ["b", "c", "d"] {
            #expect(!early.contains("\(name) 1"), "\(name) was not held")
            #expect(!early.contains("step \(name)"), "a line for \(name) while it is held")
        }
        steps.release("a")
        // With a gone, b, the oldest held, gets the turn and streams while it still waits.
        var live: String?
        #expect(session.waitForPipe(1) { bytes in
            let lines = Self.lines(bytes)
            live = ["b", "c", "d"].first { name in
                lines.indices.dropLast().contains { lines[$0] == ci.header("step \(name)") && lines[$0 + 1] == "\(name) 1" }
            }
            return live != nil
        }, "no held step took over: \(Self.lines(session.pipeOutput(1)))")
        #expect(live == "b", "not the oldest took over")
        for name in ["b", "c", "d"] { steps.release(name) }
        #expect(session.waitForExit() == .exited(0))

        let lines = Self.lines(session.pipeOutput(1))
        let frame = Self.streamedA(ci)
        let blockLength = 4 + ci.footer("").count
        try #require(lines.count == frame.count + 3 * blockLength + ci.close.count, "\(lines)")
        #expect(Array(lines.prefix(frame.count)) == frame)
        #expect(Array(lines.suffix(ci.close.count)) == ci.close)
        let middle = Array(lines.dropFirst(frame.count).dropLast(ci.close.count))
        let blocks = stride(from: 0, to: middle.count, by: blockLength).map { Array(middle[$0..<$0 + blockLength]) }
        let expected = ["b", "c", "d"].map { name in
            let end = name == "c" ? "✖ step c · exit 3 · T" : "✔ step \(name) · T"
            return [ci.header("step \(name)"), "\(name) 1", "\(name) 2", "\(name) 3"] + ci.footer(end)
        }
        #expect(blocks.sorted { $0[1] < $1[1] } == expected, "\(lines)")
        #expect(blocks.first?[1] == "b 1", "the step that took over streamed first")
    }

    /// Runs step a, which streams and waits at its gate, and beside it `other` (a step's shell
    /// line) to its end, which leaves its exit status in `b.status`; checks that nothing holding
    /// `heldText` reached the log meanwhile, then lets a end. Returns b's status and the log's lines.
    private func besideAStreaming(_ other: String, heldText: String, ci: CI) throws -> (status: String, lines: [String]) {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        try steps.gates(["a"])
        let status = "\(steps.directory)/b.status"
        let script = """
            \(steps.command("a", exit: 0)) &
            \(steps.awaitStart("a"))
            (\(other); echo $? > '\(status).tmp'; mv '\(status).tmp' '\(status)') &
            wait
            """
        let session = try steps.session(script, environment: ci.environment)
        defer { session.terminate() }
        try #require(Poll.until { access(status, F_OK) == 0 }, "b did not end")
        #expect(!Self.contains(session.pipeOutput(1), heldText), "b's \(heldText) was written while a streams")
        steps.release("a")
        #expect(session.waitForExit() == .exited(0))
        return (try String(contentsOfFile: status, encoding: .utf8), Self.lines(session.pipeOutput(1)))
    }

    /// Step a's lines, up to its end line, as each CI logs them.
    private static func streamedA(_ ci: CI) -> [String] {
        [ci.open, "▸ build › step a", "a 1", "a 2", "a 3", "✔ step a · T"]
    }

    /// A step whose command cannot start beside a streaming one: the reason is held like output,
    /// never written inside the other's lines, and closes its block in place of an end line.
    @Test(arguments: CI.all)
    func aStepThatCannotStartIsABlockClosedByTheReason(ci: CI) throws {
        let (status, lines) = try besideAStreaming("loadwrap -t 'step b' -- no-such-command-xyz", heldText: "no-such-command-xyz", ci: ci)
        #expect(status == "127\n")
        let reason = "Error: Command not found: 'no-such-command-xyz'."
        #expect(lines == Self.streamedA(ci) + [ci.header("step b")] + ci.footer(reason) + ci.close)
    }

    /// A held step's `loadwrap say` is a line of its block, where it came, as a run alone writes it.
    @Test(arguments: CI.all)
    func aHeldStepsSayIsALineOfItsBlock(ci: CI) throws {
        let other = "loadwrap -t 'step b' -- sh -c \"echo 'b 1'; loadwrap say 'b links'; echo 'b 2'\""
        let (status, lines) = try besideAStreaming(other, heldText: "b links", ci: ci)
        #expect(status == "0\n")
        let block = [ci.header("step b"), "b 1", "▸ b links", "b 2"] + ci.footer("✔ step b · T")
        #expect(lines == Self.streamedA(ci) + block + ci.close)
    }

    /// A step alone streams as it always has: the outer's line for it, then its output as it
    /// comes, no block of its own, and its end line (issue 44), as a step beside another gets.
    @Test func aStepAloneStreams() throws {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        try steps.gates(["a"])
        let session = try steps.session(steps.command("a", exit: 0), environment: ["GITHUB_ACTIONS": "true"])
        defer { session.terminate() }
        #expect(session.waitForPipe(1) { Self.contains($0, "a 1\n") }, "a did not stream")
        steps.release("a")
        #expect(session.waitForExit() == .exited(0))
        #expect(Self.lines(session.pipeOutput(1))
            == ["::group::▸ build", "▸ build › step a", "a 1", "a 2", "a 3", "✔ step a · T", "::endgroup::", "✔ build · T"])
    }

    /// A step whose output goes to a file of its own is no part of the log: its output stays in
    /// its file, with nothing of loadwrap's, and the log gets none of it.
    @Test func aStepRedirectedToAFileKeepsItsOutputThere() throws {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        try steps.gates(["a", "b"])
        let file = "\(steps.directory)/b.out"
        let script = """
            \(steps.command("a", exit: 0)) &
            \(steps.awaitStart("a"))
            \(steps.command("b", exit: 0)) > '\(file)' 2>&1 &
            wait
            """
        let session = try steps.session(script, environment: ["GITHUB_ACTIONS": "true"])
        defer { session.terminate() }
        try #require(Poll.until { steps.started("a") && steps.started("b") }, "the steps did not start")
        steps.release("b")
        steps.release("a")
        #expect(session.waitForExit() == .exited(0))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "b 1\nb 2\nb 3\n")
        #expect(!Self.contains(session.pipeOutput(1), "b 1"), "b's output reached the log")
    }

    /// The outer's command ends while a step it left running still streams, more than a pipe
    /// holds, and another's block waits for the turn: the outer relays the stream while it waits,
    /// so the step goes on to its end and lets the turn go, and the block follows it.
    @Test func aStepStreamingPastTheCommandsEndIsRelayedWhileBlocksWait() throws {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        try steps.gates(["a", "b"])
        let long = "loadwrap -t 'step a' -- sh -c \"echo 'a 1'; : > '\(steps.directory)/a.started';"
            + " read x < '\(steps.directory)/a.gate'; head -c 300000 /dev/zero | tr '\\\\0' x | fold -w 100; echo; echo 'a end'\""
        let script = """
            \(long) &
            \(steps.awaitStart("a"))
            \(steps.command("b", exit: 0)) & pb=$!
            \(steps.awaitStart("b"))
            echo $$ > '\(steps.directory)/script.pid'
            wait $pb
            """
        let session = try steps.session(script, environment: ["GITHUB_ACTIONS": "true"])
        defer { session.terminate() }
        let pidFile = "\(steps.directory)/script.pid"
        try #require(Poll.until { (try? String(contentsOfFile: pidFile, encoding: .utf8))?.hasSuffix("\n") == true },
                     "the steps did not start")
        let scriptPID = try #require(pid_t(String(contentsOfFile: pidFile, encoding: .utf8).dropLast()))
        steps.release("b")
        // b's block waits for a, which writes three pipes' worth once the script has ended and the
        // outer waits for the turn to write the block: the case where a's output was lost. The
        // script is the outer's child, so it is gone (no zombie left) only once the outer has
        // reaped it; from then on the outer relays only in its end, so a goes on in that wait.
        try #require(Poll.until { kill(scriptPID, 0) != 0 }, "the script did not end")
        steps.release("a")
        #expect(session.waitForExit() == .exited(0))
        let lines = Self.lines(session.pipeOutput(1))
        let full = lines.filter { $0 == String(repeating: "x", count: 100) }.count
        #expect(full == 3_000, "\(full) of a's 3000 lines")
        let end = lines.firstIndex(of: "a end") ?? lines.endIndex
        #expect(end < lines.endIndex, "a's output was cut short: \(lines.suffix(6))")
        let after = Array(lines[end...].dropFirst().prefix(6))
        #expect(after == ["✔ step a · T", "▸ step b", "b 1", "b 2", "b 3", "✔ step b · T"], "\(after)")
    }

    /// A silent log while two steps wait: the heartbeat names both.
    @Test func theHeartbeatNamesTheStepsRunning() throws {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        try steps.gates(["a", "b"])
        let script = """
            \(steps.command("a", exit: 0)) &
            \(steps.awaitStart("a"))
            \(steps.command("b", exit: 0)) &
            wait
            """
        let session = try steps.session(script, options: "--heartbeat 1s", environment: ["GITHUB_ACTIONS": "true"])
        defer { session.terminate() }
        try #require(Poll.until { steps.started("a") && steps.started("b") }, "the steps did not start")
        #expect(session.waitForPipe(1) { Self.contains($0, "still running") }, "no heartbeat")
        let heartbeat = Self.lines(session.pipeOutput(1)).first { $0.contains("still running") }
        #expect(heartbeat == "… build (step a, step b) · still running · T", "\(heartbeat ?? "")")
        steps.release("a")
        steps.release("b")
        #expect(session.waitForExit() == .exited(0))
    }

    /// SIGTERM to the outer while every step waits: the script passes it on (as make does); a, which
    /// streamed, ends with its end line, and the held steps' blocks, with theirs, are in the log
    /// before the outer's.
    @Test func aSignalLosesNothing() throws {
        let (termination, lines) = try Self.stoppedMidRun { $0.kill(SIGTERM) }
        #expect(termination == .exited(143))
        Self.expectEveryLine(lines, end: "✖ build · exit 143 · T")
    }

    /// The same when the outer's `--timeout` ends the script.
    @Test func aTimeoutLosesNothing() throws {
        let (termination, lines) = try Self.stoppedMidRun(options: "--timeout 10s") { _ in }
        #expect(termination == .exited(124))
        Self.expectEveryLine(lines, end: "✖ build · timed out after 10s")
    }

    /// Runs a, then b and c beside it, each waiting on its gate, and `stop`s the outer once all
    /// have started; the script passes the SIGTERM it gets on to the steps.
    private static func stoppedMidRun(options: String = "", _ stop: (PtySession) -> Void) throws
        -> (Termination, [String]) {
        let steps = Steps()
        defer { TestDirectory.remove(steps.directory) }
        try steps.gates(["a", "b", "c"])
        let script = """
            trap 'kill -TERM $pa $pb $pc; wait; exit 143' TERM
            \(steps.command("a", exit: 0)) & pa=$!
            \(steps.awaitStart("a"))
            \(steps.command("b", exit: 0)) & pb=$!
            \(steps.command("c", exit: 0)) & pc=$!
            : > '\(steps.directory)/script.started'
            wait
            """
        let session = try steps.session(script, options: options, environment: ["GITHUB_ACTIONS": "true"])
        defer { session.terminate() }
        try #require(Poll.until { ["a", "b", "c", "script"].allSatisfy { steps.started($0) } }, "the steps did not start")
        #expect(session.waitForPipe(1) { Self.contains($0, "a 1\n") }, "a did not stream")
        stop(session)
        let termination = session.waitForExit(timeout: 40)
        return (termination, Self.lines(session.pipeOutput(1)))
    }

    /// Every line the steps wrote, a's streamed and ended, b's and c's as blocks, then the
    /// outer's `end` line.
    private static func expectEveryLine(_ lines: [String], end: String) {
        let first = ["::group::▸ build", "▸ build › step a", "a 1", "✖ step a · killed by SIGTERM · T"]
        #expect(Array(lines.prefix(first.count)) == first, "\(lines)")
        for name in ["b", "c"] {
            let start = lines.firstIndex(of: "▸ step \(name)")
            #expect(start.map { Array(lines[$0...].prefix(3)) }
                == ["▸ step \(name)", "\(name) 1", "✖ step \(name) · killed by SIGTERM · T"], "\(lines)")
        }
        let last = ["::endgroup::", end, "::error title=loadwrap::\(end)"]
        #expect(Array(lines.suffix(3)) == last, "\(lines)")
        #expect(lines.count == first.count + 2 * 3 + last.count, "\(lines)")
    }
}
