import Foundation
import Testing

/// loadwrap ends exactly as the command did: same code, or death by the same signal.
@Suite struct ExitStatusTests {
    @Test(arguments: [0, 1, 42, 255] as [Int32])
    func exitCodeIsTheCommands(_ code: Int32) throws {
        let quick = try PtySession.run(Loadwrap.command(["--", "sh", "-c", "exit \(code)"]))
        #expect(quick.termination == .exited(code))
        let slow = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 0.3; exit \(code)"]))
        #expect(slow.termination == .exited(code))
        #expect(slow.screen().snapshot == Screen().snapshot, "the spinner left a trace: \(slow.screen().snapshot)")
    }

    @Test(arguments: [("TERM", SIGTERM), ("KILL", SIGKILL), ("INT", SIGINT), ("HUP", SIGHUP)] as [(String, Int32)])
    func signalDeathIsReraised(_ name: String, _ signo: Int32) throws {
        let run = try PtySession.run(Loadwrap.command(["--delay", "0", "--", "sh", "-c", "sleep 0.3; kill -\(name) $$"]))
        #expect(run.termination == .signaled(signo))
        let screen = run.screen()
        #expect(screen.snapshot == Screen().snapshot, "the spinner left a trace: \(screen.snapshot)")
    }
}
