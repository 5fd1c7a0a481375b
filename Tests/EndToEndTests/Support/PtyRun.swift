/// The complete record of one program run under the harness.
struct PtyRun: Sendable {
    /// How the program ended.
    let termination: Termination
    /// Every byte the terminal received.
    let output: [UInt8]
    /// What went into stdout/stderr pipes, when those streams were `.pipe`.
    let stdout: [UInt8]
    let stderr: [UInt8]

    /// The terminal's bytes as the screen model shows them at the end.
    func screen(rows: Int = 24, cols: Int = 80) -> Screen {
        var screen = Screen(rows: rows, cols: cols)
        screen.feed(output)
        return screen
    }

    /// The stderr pipe decoded as UTF-8.
    var stderrText: String { String(decoding: stderr, as: UTF8.self) }
}

extension PtySession {
    /// Runs `argv` to its end in a fresh terminal, feeding `input` to a stdin pipe when given,
    /// and returns everything it produced; the process group is killed afterwards whatever happened.
    static func run(
        _ argv: [String], rows: UInt16 = 24, cols: UInt16 = 80, input: [UInt8]? = nil,
        stdin: StreamSetup = .pty, stdout: StreamSetup = .pty, stderr: StreamSetup = .pty,
        environment: [String: String?] = [:], timeout: Double = defaultTimeout
    ) throws -> PtyRun {
        let session = try PtySession(
            argv, rows: rows, cols: cols, stdin: input == nil ? stdin : .pipe,
            stdout: stdout, stderr: stderr, environment: environment)
        defer { session.terminate() }
        if let input {
            session.writeStdin(input)
            session.closeStdin()
        }
        let termination = session.waitForExit(timeout: timeout)
        return PtyRun(
            termination: termination, output: session.output,
            stdout: session.pipeOutput(1), stderr: session.pipeOutput(2))
    }
}
