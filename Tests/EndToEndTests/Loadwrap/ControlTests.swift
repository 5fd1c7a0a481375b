import Foundation
import LoadWrapTestSupport
import Testing

/// `loadwrap say` / `loadwrap done` from inside the command, over a private control channel
/// (a 0600 FIFO in a 0700 directory, removed at exit); harmless outside loadwrap.
@Suite struct ControlTests {
    @Test func sayUpdatesTheTitleSeveralTimes() throws {
        let script = #"for i in 1 2 3; do loadwrap say "Uploading $i/3"; read x; done"#
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--title", "start", "--", "sh", "-c", script]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        for i in 1...3 {
            #expect(session.waitForTitle("Uploading \(i)/3"),
                    "title \(i) never shown: \(session.outputText.debugDescription)")
            session.writeStdin(Array("\n".utf8))
        }
        #expect(session.waitForExit() == .exited(0))
        #expect(Loadwrap.screen(session.output).snapshot == Screen().snapshot)
    }

    @Test func sayIsSanitised() throws {
        let script = #"loadwrap say "$(printf 'a\033[31mb\007c')"; read x"#
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--title", "start", "--", "sh", "-c", script]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        #expect(session.waitForTitle("abc"), "\(session.outputText.debugDescription)")
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(0))
        #expect(!session.outputText.contains("\u{1B}[31m") && !session.output.contains(0x07))
    }

    @Test func plainModePrintsALinePerSay() throws {
        let script = "loadwrap say one; echo x; loadwrap say two; loadwrap done Built; echo after"
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--", "sh", "-c", script]),
            environment: Loadwrap.pathFirst.merging(["CI": "true"]) { $1 })
        #expect(run.termination == .exited(0))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "▸ one", "x", "▸ two", "✔ Built · T", "after"])
    }

    /// `loadwrap done` from a grandchild (a background job's child) stops the spinner while the
    /// command goes on.
    @Test func doneFromAGrandchildStopsTheSpinner() throws {
        let script = #"sh -c 'sleep 0.5; loadwrap done' & wait; echo after done; read x; echo end"#
        let session = try PtySession(
            Loadwrap.command(["--delay", "0", "--title", "work", "--", "sh", "-c", script]),
            stdin: .pipe, environment: Loadwrap.pathFirst)
        defer { session.terminate() }
        #expect(session.waitFor { Loadwrap.frames(in: $0).count >= 2 }, "the spinner never animated")
        #expect(session.waitForOutput(containing: "after done\r\n"))
        let done = session.output.count
        #expect(!session.waitFor(timeout: 1) { !Loadwrap.frames(in: $0.dropFirst(done)).isEmpty },
                "the spinner drew after done")
        #expect(Loadwrap.spinnerRows(Loadwrap.screen(session.output)).isEmpty)
        #expect(!session.hasExited)
        session.writeStdin(Array("\n".utf8))
        #expect(session.waitForExit() == .exited(0))
        #expect(Loadwrap.screen(session.output).snapshot.trimmedText == "after done\nend")
    }

    @Test func doneWithTextLeavesASuccessLine() throws {
        let script = "sleep 0.5; loadwrap done Built; echo after; sleep 0.5; exit 0"
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "--title", "work", "--", "sh", "-c", script]),
            environment: Loadwrap.pathFirst)
        #expect(run.termination == .exited(0))
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "the spinner never drew")
        let screen = run.screen()
        let lines = screen.snapshot.trimmedText.split(separator: "\n").map { Loadwrap.masked(String($0)) }
        #expect(lines == ["✔ Built · T", "after"], "\(screen.snapshot)")
        #expect(screen.snapshot.lines[0].cells.first?.attributes.foreground == .indexed(2), "\(screen.snapshot)")
        #expect(Loadwrap.spinnerRows(screen).isEmpty && screen.cursorVisible)
    }

    /// Another user can reach neither the directory nor the FIFO: their `say` is a plain line
    /// of their own, not a title. Needs root to become someone else.
    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func anotherUserCannotUseTheChannel() throws {
        let script = "setpriv --reuid 65534 --regid 65534 --clear-groups loadwrap say hijack; echo rc=$?"
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--", "sh", "-c", script]),
            environment: Loadwrap.pathFirst.merging(["CI": "true"]) { $1 })
        #expect(run.termination == .exited(0))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "hijack", "rc=0", "✔ build · T"])
    }

    @Test(arguments: [
        (["say", "hello"], "hello\n"), (["say", "a\u{1B}[31mb\u{07}c"], "abc\n"),
        (["done", "Built"], ""), (["done"], ""),
    ])
    func outsideLoadwrap(_ arguments: [String], _ expected: String) throws {
        let run = try PtySession.run(Loadwrap.command(arguments), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        #expect(run.stdout.isEmpty)
        #expect(run.stderrText == expected)
        #expect(run.output.isEmpty)
    }

    /// A leftover LOADWRAP_CONTROL (gone, a FIFO nobody reads, a plain file) is ignored: say
    /// prints, done does nothing, neither blocks nor fails, and a new loadwrap draws its own.
    @Test(arguments: ["missing", "fifo", "file"])
    func staleChannelIsIgnored(_ kind: String) throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/control"
        switch kind {
        case "fifo": #expect(mkfifo(path, 0o600) == 0)
        case "file": #expect(FileManager.default.createFile(atPath: path, contents: Data("keep\n".utf8)))
        default: break
        }
        let environment: [String: String?] = ["LOADWRAP_CONTROL": path]
        let say = try PtySession.run(
            Loadwrap.command(["say", "hi"]), stderr: .pipe, environment: environment)
        #expect(say.termination == .exited(0))
        #expect(say.stderrText == "hi\n")
        let done = try PtySession.run(
            Loadwrap.command(["done", "x"]), stderr: .pipe, environment: environment)
        #expect(done.termination == .exited(0))
        #expect(done.stderr.isEmpty)
        var ci = environment
        ci["CI"] = "true"
        let wrapped = try PtySession.run(
            Loadwrap.command(["--title", "build", "--", "sh", "-c", "echo in"]), environment: ci)
        #expect(wrapped.termination == .exited(0))
        #expect(Loadwrap.maskedLines(wrapped.output) == ["▸ build", "in", "✔ build · T"])
        if kind == "file" {
            #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "keep\n", "the stale file was written to")
        }
    }

    /// Prints `mode <octal permissions> <fifo|directory> <uid>` for each path it is given (GNU
    /// `stat -c` and BSD `stat -f` differ, Python's os.stat does not).
    static let status = """
        import os, stat, sys
        for path in sys.argv[1:]:
            s = os.stat(path)
            kind = "fifo" if stat.S_ISFIFO(s.st_mode) else "directory" if stat.S_ISDIR(s.st_mode) else "other"
            print("mode %o %s %d" % (stat.S_IMODE(s.st_mode), kind, s.st_uid))
        """

    @Test(arguments: ["exit 0", "exit 3", "kill -TERM $$"])
    func channelIsPrivateAndRemovedAfterwards(_ end: String) throws {
        let script = #"echo "path $LOADWRAP_CONTROL"; "#
            + #"python3 -c "$STATUS" "$LOADWRAP_CONTROL" "$(dirname "$LOADWRAP_CONTROL")"; "#
            + end
        let run = try PtySession.run(
            Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]), stdout: .pipe, environment: ["STATUS": Self.status])
        let lines = Loadwrap.lines(run.stdout)
        try #require(lines.count == 3, "\(lines)")
        let path = String(lines[0].dropFirst("path ".count))
        let directory = (path as NSString).deletingLastPathComponent
        #expect(path.hasPrefix("/"), "\(path)")
        #expect((directory as NSString).lastPathComponent.hasPrefix("loadwrap-\(getuid())."), "\(path)")
        #expect(lines[1] == "mode 600 fifo \(getuid())")
        #expect(lines[2] == "mode 700 directory \(getuid())")
        #expect(!FileManager.default.fileExists(atPath: path), "\(path) left behind")
        #expect(!FileManager.default.fileExists(atPath: directory), "\(directory) left behind")
    }
}
