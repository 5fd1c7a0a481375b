import CPtyTestSupport
import Foundation
import LoadWrapTestSupport
import Testing

/// `--quiet`: the command's terminal-bound (overlay) or log-bound (plain) output is held and
/// shown only if it fails, in order; data pipes stream; held output spills to a private file
/// that is gone afterwards whatever happened, and memory stays bounded.
@Suite struct QuietTests {
    /// Writes to both streams, interleaved.
    private let chatter = "echo one; echo two >&2; echo three; echo four >&2"

    @Test func overlaySuccessShowsNothing() throws {
        let run = try PtySession.run(
            Loadwrap.command(["-q", "--delay", "0", "--", "sh", "-c", "\(chatter); sleep 0.5"]))
        #expect(run.termination == .exited(0))
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "the spinner never drew")
        #expect(run.screen().snapshot == Screen().snapshot, "\(run.screen().snapshot)")
    }

    @Test func overlayFailureShowsEverythingInOrderOnlyAtTheEnd() throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = "\(chatter); : > \(dir)/written; read x; exit 4"
        let session = try PtySession(
            Loadwrap.command(["-q", "--delay", "0", "--title", "build", "--", "sh", "-c", script]), stdin: .pipe)
        defer { session.terminate() }
        #expect(Poll.until { FileManager.default.fileExists(atPath: dir + "/written") })
        // Let the spinner draw again after the output was written: loadwrap has seen it by then.
        let offset = session.output.count
        #expect(session.waitFor { Loadwrap.frames(in: $0.dropFirst(offset)).count >= 2 })
        #expect(!session.outputText.contains("one") && !session.outputText.contains("two"),
                "held output shown while running: \(session.outputText.debugDescription)")
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(4))
        let snapshot = Loadwrap.screen(session.output).snapshot
        #expect(snapshot.trimmedText == "one\ntwo\nthree\nfour", "\(snapshot)")
        // The bytes a bare run would give the terminal: each newline turned into CR LF once.
        #expect(session.output.contains(subsequence: Array("one\r\ntwo\r\nthree\r\nfour\r\n".utf8)),
                "\(Loadwrap.text(Array(session.output.suffix(80))).debugDescription)")
        #expect(snapshot.cursorVisible && (snapshot.cursorRow, snapshot.cursorCol) == (4, 0), "\(snapshot)")
    }

    @Test(arguments: [
        (0, ["▸ build", "✔ build · T"]),
        (4, ["▸ build", "one", "two", "three", "four", "✖ build · exit 4 · T"]),
    ] as [(Int32, [String])])
    func plainLogHeldUntilFailure(_ code: Int32, _ expected: [String]) throws {
        let run = try PtySession.run(
            Loadwrap.command(["-q", "--title", "build", "--", "sh", "-c", "\(chatter); exit \(code)"]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(code))
        #expect(Loadwrap.maskedLines(run.output) == expected)
    }

    @Test func overlaySignalDeathShowsTheOutput() throws {
        let run = try PtySession.run(
            Loadwrap.command(
                ["-q", "--delay", "0", "--title", "build", "--", "sh", "-c", "echo held; sleep 0.3; kill -TERM $$"]))
        #expect(run.termination == .signaled(SIGTERM))
        #expect(run.screen().snapshot.trimmedText == "held", "\(run.screen().snapshot)")
        // Held while the spinner ran: shown only after the last frame.
        let text = Loadwrap.text(run.output)
        let lastFrame = text.lastIndex(where: Loadwrap.dotsFrames.contains)
        let shown = text.range(of: "held")?.lowerBound
        #expect(lastFrame != nil && shown != nil && lastFrame! < shown!, "\(text.debugDescription)")
    }

    @Test func plainSignalDeathShowsTheOutput() throws {
        let run = try PtySession.run(
            Loadwrap.command(["-q", "--title", "build", "--", "sh", "-c", "echo held; kill -TERM $$"]),
            environment: ["CI": "true"])
        #expect(run.termination == .signaled(SIGTERM))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "held", "✖ build · killed by SIGTERM · T"])
    }

    /// `loadwrap -q -- producer | consumer`: the data pipe streams while the command runs; only
    /// the terminal-bound (or log-bound) stderr is held.
    @Test(arguments: [false, true], [Int32(0), 1])
    func dataPipeStreams(plain: Bool, code: Int32) throws {
        let script = "echo data1; read x; echo data2; echo held >&2; exit \(code)"
        let session = try PtySession(
            Loadwrap.command(["-q", "--delay", "0", "--title", "build", "--", "sh", "-c", script]),
            stdin: .pipe, stdout: .pipe, stderr: plain ? .pipe : .pty)
        defer { session.terminate() }
        #expect(session.waitForPipe(1) { $0 == Array("data1\n".utf8) }, "data1 not streamed while the command ran")
        #expect(!session.hasExited)
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(code))
        #expect(session.pipeOutput(1) == Array("data1\ndata2\n".utf8))
        if plain {
            let expected = code == 0
                ? ["▸ build", "✔ build · T"] : ["▸ build", "held", "✖ build · exit 1 · T"]
            #expect(Loadwrap.maskedLines(session.pipeOutput(2)) == expected)
        } else {
            let shown = Loadwrap.screen(session.output).snapshot.trimmedText
            #expect(shown == (code == 0 ? "" : "held"), "\(shown.debugDescription)")
        }
    }

    // MARK: Spill file

    /// How a `--quiet` run with more than the in-memory limit of held output ends.
    enum Ending: String, CaseIterable, Sendable {
        case success, failure, signal, timeout, controlC, sigtermToLoadwrap
    }

    /// Every ending leaves `TMPDIR` as it found it, after the held output did spill there (a
    /// deleted, 0600 file that loadwrap holds open, as seen from inside the command).
    @Test(.timeLimit(.minutes(3)), .enabled(if: ProcessLookup.isLinux, "lists loadwrap's open files in /proc (Linux)"),
          arguments: Ending.allCases)
    func spillFileIsPrivateAndGoneAfterwards(_ ending: Ending) throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmp = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        let report = dir + "/spill"
        // About 6.9 MB, past the 4 MiB held in memory; then list loadwrap's deleted open files.
        let spill = #"seq 1000000; for f in /proc/$PPID/fd/*; do l=$(readlink "$f"); "#
            + #"case "$l" in *" (deleted)") echo "$l $(stat -L -c %a "$f")";; esac; done > "# + report
        let end: String
        var options = ["-q", "--delay", "0"]
        switch ending {
        case .success: end = "exit 0"
        case .failure: end = "exit 1"
        case .signal: end = "kill -TERM $$"
        case .timeout:
            end = "exec sleep 30"
            options += ["--timeout", "5"]
        case .controlC, .sigtermToLoadwrap: end = "exec sleep 30"
        }
        let session = try PtySession(
            Loadwrap.command(options + ["--", "sh", "-c", "\(spill); \(end)"]), environment: ["TMPDIR": tmp])
        defer { session.terminate() }
        #expect(Poll.until { (try? String(contentsOfFile: report, encoding: .utf8))?.hasSuffix("\n") == true })
        switch ending {
        case .controlC:
            #expect(Poll.until { command(of: session.pid, child: true) == "sleep" })
            session.send("\u{03}")
        case .sigtermToLoadwrap:
            #expect(Poll.until { command(of: session.pid, child: true) == "sleep" })
            session.kill(SIGTERM)
        default: break
        }
        let expected: Termination = switch ending {
        case .success: .exited(0)
        case .failure: .exited(1)
        case .signal, .sigtermToLoadwrap: .signaled(SIGTERM)
        case .timeout: .exited(124)
        case .controlC: .signaled(SIGINT)
        }
        #expect(session.waitForExit(timeout: 60) == expected)
        let spilled = ((try? String(contentsOfFile: report, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(spilled.count == 1 && spilled[0].hasPrefix(tmp + "/") && spilled[0].hasSuffix(" (deleted) 600"),
                "loadwrap's deleted open files: \(spilled)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? ["?"]
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
        // Shown as the command wrote it: each line once, CR LF as the terminal's ONLCR makes it.
        let output = session.output
        let lastLines = output.contains(subsequence: Array("\n999999\r\n1000000\r\n".utf8))
        let newlines = output.filter { $0 == 0x0A }.count
        if ending == .success {
            #expect(newlines == 0, "held output shown after a success")
        } else {
            let end = Loadwrap.text(Array(output.suffix(40))).debugDescription
            #expect(lastLines, "held output not shown as written; its end: \(end)")
            #expect(newlines == 1_000_000, "\(newlines) lines shown")
        }
    }

    /// The program name of `pid` (or, with `child`, of its first child); "" if gone.
    private func command(of pid: pid_t, child: Bool = false) -> String {
        guard child else { return ProcessLookup.programName(of: pid) }
        return ProcessLookup.children(of: pid).first.map(ProcessLookup.programName(of:)) ?? ""
    }

    // MARK: Memory

    /// 100 MiB of held output from a failing command is shown whole, byte for byte, while
    /// loadwrap's peak resident memory grows by far less than the output.
    @Test(.timeLimit(.minutes(5)), .enabled(if: ProcessLookup.isLinux, "GNU time measures the peak memory (macOS's time has no -f)"))
    func hundredMiBShownWholeWithBoundedMemory() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else {
            Issue.record("/usr/bin/time (GNU time) is needed to measure peak memory")
            return
        }
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let tmp = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: tmp, withIntermediateDirectories: false)
        let log = dir + "/log"
        let count = 14_000_000  // seq 1 14000000 is 114,888,889 bytes (> 100 MiB)

        let baseline = try peakKilobytes(script: "echo small; exit 1", log: log, tmp: tmp)
        let big = try peakKilobytes(script: "seq \(count); exit 1", log: log, tmp: tmp)
        #expect(big - baseline < 16 * 1024, "peak RSS \(big) kB with 100 MiB held vs \(baseline) kB with none")

        let check = try PtySession.run(
            Loadwrap.sh("head -n 1 \(log); tail -n 1 \(log); sed '1d;$d' \(log) | \(ProcessLookup.sha256); seq \(count) | \(ProcessLookup.sha256)"),
            stdout: .pipe, timeout: 120)
        let lines = Loadwrap.lines(check.stdout)
        try #require(lines.count == 4, "\(lines)")
        #expect(lines[0] == "▸ build")
        #expect(Loadwrap.masked(lines[1]) == "✖ build · exit 1 · T")
        #expect(lines[2] == lines[3], "the output shown differs from the command's")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: tmp)) ?? ["?"]
        #expect(left.isEmpty, "left in TMPDIR: \(left)")
    }

    /// Runs `loadwrap --mode plain -q` on `script` under GNU time with stdout and stderr both
    /// into `log`, and returns its peak resident set in kB.
    private func peakKilobytes(script: String, log: String, tmp: String) throws -> Int {
        let rss = log + ".rss"
        let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw HarnessError("open \(log)") }
        let session = try PtySession(
            ["/usr/bin/time", "-f", "%M", "-o", rss, TestEnvironment.loadwrap, "--mode", "plain", "-q",
             "--title", "build", "--", "sh", "-c", script],
            stdout: .descriptor(fd), stderr: .descriptor(fd), environment: ["TMPDIR": tmp])
        close(fd)
        defer { session.terminate() }
        #expect(session.waitForExit(timeout: 180) == .exited(1))
        // GNU time writes "Command exited with non-zero status 1" before the figure.
        let text = (try? String(contentsOfFile: rss, encoding: .utf8)) ?? ""
        guard let last = text.split(separator: "\n").last, let kB = Int(last) else {
            throw HarnessError("no peak RSS in \(text.debugDescription)", errno: 0)
        }
        return kB
    }
}
