import Foundation
import LoadWrapTestSupport
import Testing

/// A `poll` that fails for good ends the run cleanly instead of spinning: here the command lowers
/// loadwrap's descriptor limit below the number of descriptors it watches (prlimit(1) of
/// util-linux), and Linux's poll then fails with EINVAL, nfds exceeding RLIMIT_NOFILE (poll(2)).
/// Each run is followed, in the same shell, by its status and `stty -a`.
@Suite(.enabled(if: ProcessLookup.isLinux && (ExternalTool.exists("prlimit") || ExternalTool.onCI),
                "prlimit(1) of util-linux; poll's EINVAL for nfds over RLIMIT_NOFILE is Linux's"))
struct PollFailureTests {
    /// The limit lowered by the command's last act: the SIGCHLD of its end interrupts the poll
    /// under way (EINTR) and the next one fails. loadwrap ends as the command did.
    @Test func aCommandThatEndsGivesItsStatus() throws {
        let run = try Self.runAfterLowering("echo before; prlimit --pid $PPID --nofile=3:3; exit 3")
        #expect(run.text.contains("status 3\n"), "\(run.text.suffix(400))")
        #expect(!run.text.contains("Error:"), "\(run.text.suffix(400))")
        #expect(run.screen.text(ofRow: 0) == "before", "what the command wrote before is relayed")
    }

    /// The command runs on: loadwrap can no longer relay it, so it ends it (SIGTERM after a grace),
    /// says why on one line and exits 125.
    @Test func aCommandThatRunsOnIsEndedWith125() throws {
        let run = try Self.runAfterLowering("echo pid $$; prlimit --pid $PPID --nofile=3:3; exec sleep 60")
        #expect(run.text.contains("status 125\n"), "\(run.text.suffix(400))")
        let errors = (0..<run.screen.rows).map(run.screen.text(ofRow:)).filter { $0.hasPrefix("Error:") }
        #expect(errors.count == 1 && errors.first?.contains("poll: Invalid argument") == true, "\(errors)")
        let pids = Loadwrap.pids(in: run.output)
        #expect(pids.count == 1)
        for pid in pids { #expect(ProcessLookup.programName(of: pid) != "sleep", "the command \(pid) outlived loadwrap") }
    }

    /// What both cases check: loadwrap exits (a busy loop would not, and the run would time out),
    /// the spinner is gone, the cursor shows, the terminal's modes are back, and the runtime
    /// directory holds nothing of the run.
    private static func runAfterLowering(_ script: String) throws -> (text: String, screen: Screen, output: [UInt8]) {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let shell = #"loadwrap --delay 0 -t lowered -- sh -c "$1"; echo "status $?"; stty -a"#
        let run = try PtySession.run(
            ["sh", "-c", shell, "sh", script],
            environment: Loadwrap.pathFirst.merging(["XDG_RUNTIME_DIR": directory]) { $1 })
        try #require(run.termination == .exited(0), "loadwrap did not end")
        #expect(!Loadwrap.frames(in: run.output).isEmpty, "the spinner never drew, so nothing was restored")
        let screen = run.screen()
        #expect(Loadwrap.spinnerRows(screen).isEmpty && screen.cursorVisible, "\(screen.snapshot)")
        let text = Loadwrap.text(run.output)
        #expect(text.contains(" icanon") && text.contains(" echo"), "the terminal was left in raw mode: \(text.suffix(400))")
        #expect(TestDirectory.entries(directory) == [])
        return (text, screen, run.output)
    }
}
