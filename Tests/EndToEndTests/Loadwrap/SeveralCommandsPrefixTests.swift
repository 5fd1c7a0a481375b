import Testing

/// Several `-c` commands on a terminal: each line they write begins with its command's name, in
/// its own colour; `--no-prefix` and `NO_COLOR` take the name or the colour away. Each command
/// still writes to a terminal of its own, so its colours survive.
@Suite struct SeveralCommandsPrefixTests {
    /// The two commands: each prints a line, and whether its stdout is a terminal.
    private let commands = [
        "--name", "one", "-c", "echo first; if [ -t 1 ]; then echo tty-one; fi",
        "--name", "two", "-c", "echo second; printf '\\033[31mred\\033[0m\\n'",
    ]

    @Test func eachLineBeginsWithItsCommandsName() throws {
        let run = try PtySession.run(Loadwrap.command(commands), environment: ["NO_COLOR": "1"])
        #expect(run.termination == .exited(0))
        let text = Loadwrap.text(run.output)
        for line in ["one | first\n", "one | tty-one\n", "two | second\n", "\u{1B}[0mtwo | \u{1B}[0;31mred\u{1B}[0m\n"] {
            #expect(text.contains(line), "no \(line.debugDescription) in \(text.debugDescription)")
        }
    }

    @Test func eachNameHasItsColour() throws {
        let run = try PtySession.run(Loadwrap.command(["--color", "always"] + commands))
        #expect(run.termination == .exited(0))
        let text = Loadwrap.text(run.output)
        #expect(text.contains("\u{1B}[36mone |\u{1B}[39m first\n"), "\(text.debugDescription)")
        #expect(text.contains("\u{1B}[33mtwo |\u{1B}[39m second\n"), "\(text.debugDescription)")
    }

    @Test func noPrefixLeavesTheLinesAsWritten() throws {
        let run = try PtySession.run(Loadwrap.command(["--no-prefix"] + commands))
        #expect(run.termination == .exited(0))
        let text = Loadwrap.text(run.output)
        #expect(text.contains("first\n") && text.contains("second\n") && text.contains("tty-one\n"), "\(text.debugDescription)")
        #expect(!text.contains("one |") && !text.contains("two |"), "\(text.debugDescription)")
    }

    @Test func plainModeWritesNoPrefix() throws {
        let run = try PtySession.run(Loadwrap.command(commands), stdout: .pipe, stderr: .pipe)
        #expect(run.termination == .exited(0))
        let text = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        #expect(text.contains("first\n") && text.contains("second\n"), "\(text.debugDescription)")
        #expect(!text.contains("one |"), "\(text.debugDescription)")
        // Plain mode asked for on a terminal, writing straight to it (no heartbeat to watch for).
        let asked = try PtySession.run(Loadwrap.command(["--mode", "plain", "--heartbeat", "0"] + commands))
        #expect(asked.termination == .exited(0))
        let screen = Loadwrap.text(asked.output)
        #expect(screen.contains("first\n") && !screen.contains("one |"), "\(screen.debugDescription)")
    }
}
