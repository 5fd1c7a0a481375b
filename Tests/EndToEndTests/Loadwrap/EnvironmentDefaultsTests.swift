import Foundation
import Testing

/// `LOADWRAP_*` variables as the options' defaults, through the built binary: a good one changes
/// what loadwrap does, a bad one is refused before the command runs, a flag beats it.
@Suite struct EnvironmentDefaultsTests {
    @Test func modePlainGivesPlainLines() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", "build", "--", "sh", "-c", "echo out"]), environment: ["LOADWRAP_MODE": "plain"])
        #expect(run.termination == .exited(0))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ build", "out", "✔ build · T"])
        #expect(!run.output.contains(0x1B), "escape bytes: \(Loadwrap.text(run.output).debugDescription)")
    }

    @Test func theFlagBeatsTheVariable() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--mode", "silent", "--", "sh", "-c", "echo out"]), environment: ["LOADWRAP_MODE": "plain"])
        #expect(run.termination == .exited(0))
        #expect(Loadwrap.lines(run.output) == ["out"])
    }

    @Test func anEmptyVariableIsUnset() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--mode", "silent", "--", "true"]), stderr: .pipe,
            environment: ["LOADWRAP_DELAY": "", "LOADWRAP_SPINNER": ""])
        #expect(run.termination == .exited(0))
        #expect(run.stderr.isEmpty)
    }

    @Test(arguments: [
        ("LOADWRAP_MODE", "x", "Error: Invalid value 'x' for 'LOADWRAP_MODE': expected auto, overlay, plain or silent.\n"),
        ("LOADWRAP_DELAY", "soon", "Error: Invalid duration 'soon' for 'LOADWRAP_DELAY': expected a number with ms, s, m"
            + " or h (250ms, 1.5s, 2m) or a bare number of seconds.\n"),
    ])
    func aBadVariableIsRefusedAndNothingRuns(variable: String, value: String, message: String) throws {
        let run = try PtySession.run(
            Loadwrap.command(["--", "sh", "-c", "echo ran"]), stderr: .pipe, environment: [variable: value])
        #expect(run.termination == .exited(125))
        #expect(run.stderrText == message)
        #expect(run.output.isEmpty, "the command ran: \(Loadwrap.text(run.output).debugDescription)")
    }

    @Test func helpIgnoresTheVariables() throws {
        let run = try PtySession.run(Loadwrap.command(["--help"]), stdout: .pipe, environment: ["LOADWRAP_MODE": "x"])
        #expect(run.termination == .exited(0))
        #expect(String(decoding: run.stdout, as: UTF8.self).contains("[env: LOADWRAP_MODE]"))
    }
}
