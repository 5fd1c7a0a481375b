import CPtyTestSupport
import Foundation
import LoadWrapTestSupport

/// A private tmux server (its own socket, no configuration): a real terminal emulator that
/// rewraps lines when its window narrows, as kitty, VTE, iTerm2 and Windows Terminal do. Each
/// program runs in a window of its own; the window stays after the program ends, so its final
/// screen (scrollback included) can be read.
final class TmuxTerminal {
    /// What a window shows: its rows with colours (`capture-pane -e`, scrollback first), where
    /// the cursor is, and how many of the rows are scrollback.
    struct FinalScreen: Equatable, CustomStringConvertible {
        var rows: [String]
        var cursor: String
        var historySize: String
        var description: String { (rows + ["cursor \(cursor), scrollback \(historySize) rows"]).joined(separator: "\n") }
    }

    private let socket: String
    private let directory: String

    /// Starts the server with an idle first window of `cols` x `rows`; new windows take that size.
    init(cols: Int, rows: Int) throws {
        socket = "lw-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        directory = TestDirectory.make()
        try tmux(["-f", "/dev/null", "new-session", "-d", "-s", "s", "-x", "\(cols)", "-y", "\(rows)", "cat"])
        try tmux(["set", "-g", "status", "off"])
        try tmux(["set", "-g", "history-limit", "50000"])
    }

    deinit {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Runs `script` with sh in a new window called `name`; its exit status goes to a file.
    func start(_ name: String, script: String) throws {
        let path = "\(directory)/\(name).sh"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        try tmux(["new-window", "-d", "-n", name, "sh \(path); echo $? > \(path).status; exec sleep 3600"])
    }

    /// Resizes window `name`; tmux reflows its lines and the program gets SIGWINCH.
    func resize(_ name: String, cols: Int, rows: Int) throws {
        try tmux(["resize-window", "-t", name, "-x", "\(cols)", "-y", "\(rows)"])
    }

    /// Types `keys` into window `name`, as tmux's `send-keys` names them (`C-c`, `Enter`, text).
    func sendKeys(_ name: String, _ keys: String...) throws {
        try tmux(["send-keys", "-t", name] + keys)
    }

    /// The visible rows of window `name`, without colours, or with them as SGR sequences
    /// (`capture-pane -e`) when `colours`.
    func visibleRows(_ name: String, colours: Bool = false) throws -> [String] {
        try tmux(["capture-pane", "-p"] + (colours ? ["-e"] : []) + ["-t", name]).components(separatedBy: "\n")
    }

    /// Polls the visible rows every 20 ms until `condition` holds for them; false on timeout.
    func waitFor(_ name: String, timeout: Double = PtySession.defaultTimeout, _ condition: ([String]) -> Bool) throws -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if condition(try visibleRows(name)) { return true }
            usleep(20_000)
        }
        return condition(try visibleRows(name))
    }

    /// The program's exit status once it has ended, or nil on timeout.
    func waitForExit(_ name: String, timeout: Double = PtySession.defaultTimeout) -> Int? {
        let path = "\(directory)/\(name).sh.status"
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8), text.hasSuffix("\n") {
                return Int(text.dropLast())
            }
            usleep(20_000)
        }
        return nil
    }

    /// Everything window `name` shows, scrollback included, with its cursor; the rows' colours in
    /// the canonical form of `TmuxRows`, so that screens that look alike compare equal.
    func finalScreen(_ name: String) throws -> FinalScreen {
        let captured = try tmux(["capture-pane", "-p", "-e", "-N", "-S", "-", "-t", name]).components(separatedBy: "\n")
        let rows = TmuxRows.canonical(captured)
        let state = try tmux(["display", "-p", "-t", name, "#{cursor_x},#{cursor_y} #{cursor_flag} #{history_size}"])
            .split(separator: " ")
        return FinalScreen(rows: rows, cursor: "\(state[0]) visible=\(state[1])", historySize: String(state[2].dropLast()))
    }

    /// Runs a tmux client on this server and returns what it printed. Spawned by the harness,
    /// not Foundation's Process: the server a `new-session` forks would inherit Process's pipes.
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let outputPath = "\(directory)/tmux.out"
        let output = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let null = open("/dev/null", O_RDWR | O_CLOEXEC)
        defer { close(output); close(null) }
        guard output >= 0, null >= 0 else { throw HarnessError("open for tmux") }
        let argv = ["tmux", "-L", socket] + arguments
        let env = TestEnvironment.childEnvironment().map { "\($0.key)=\($0.value)" }
        let pid = PtySession.withCStrings(argv) { cArgv in
            PtySession.withCStrings(env) { cEnv in
                ptyts_spawn(Self.executable, cArgv, cEnv, null, output, null, -1)
            }
        }
        guard pid > 0 else { throw HarnessError("spawn tmux") }
        var code: Int32 = -1
        var signo: Int32 = -1
        guard ptyts_wait(pid, &code, &signo) == 0 else { throw HarnessError("wait for tmux") }
        guard code == 0 || arguments == ["kill-server"] else {
            throw TmuxError(arguments: arguments, status: code)
        }
        return String(decoding: FileManager.default.contents(atPath: outputPath) ?? Data(), as: UTF8.self)
    }

    private static let executable = ExternalTool.path("tmux") ?? "/usr/bin/tmux"

    struct TmuxError: Error, CustomStringConvertible {
        let arguments: [String]
        let status: Int32
        var description: String { "tmux \(arguments.joined(separator: " ")) exited \(status)" }
    }
}
