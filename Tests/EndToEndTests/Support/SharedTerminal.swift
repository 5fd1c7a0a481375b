import Foundation
import LoadWrapTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A shell script written once and run two ways: with some of its commands under loadwrap, and bare.
struct Pipeline: Sendable {
    /// Builds the script; `loadwrap(options)` stands where `loadwrap <options> --` goes.
    let build: @Sendable (_ loadwrap: (String) -> String) -> String

    /// The script with `loadwrap <options> --` in place.
    var wrapped: String { build { "\(TestEnvironment.loadwrap) \($0) --" } }

    /// The same script with nothing in place of loadwrap.
    var bare: String { build { _ in "" } }
}

/// Watching the screen at every moment of a run, not only at its end.
extension Loadwrap {
    /// Replays `bytes` into a `rows`×`cols` screen and calls `check` at every moment a row may
    /// have been left behind or changed away from the cursor (after each control byte, after each
    /// escape sequence, and at the end), with how many bytes were replayed; the first note it
    /// returns is the answer. Printing only changes the cursor's row, so nothing is missed.
    static func firstMoment(
        in bytes: [UInt8], rows: Int = 24, cols: Int = 80, _ check: (Screen, Int) -> String?
    ) -> String? {
        var screen = Screen(rows: rows, cols: cols)
        for (index, byte) in bytes.enumerated() {
            let before = screen.parser.phase
            screen.feed([byte])
            guard screen.parser.phase == .ground && (byte < 0x20 || before != .ground) else { continue }
            if let note = check(screen, index + 1) { return note }
        }
        return check(screen, bytes.count)
    }

    /// The first moment a row other than the cursor's shows text that is neither empty nor one
    /// of `allowed` (the rows the bare run shows), described with the bytes that led to it; nil
    /// when there is none. A spinner erased before every line of the consumer leaves nothing.
    static func firstStrayRow(in bytes: [UInt8], allowed: Set<String>, rows: Int = 24, cols: Int = 80) -> String? {
        firstMoment(in: bytes, rows: rows, cols: cols) { screen, count in
            for r in 0..<rows where r != screen.row {
                let text = screen.text(ofRow: r)
                guard !text.isEmpty && !allowed.contains(text) else { continue }
                let before = String(decoding: bytes[max(0, count - 160)..<count], as: UTF8.self)
                return "after \(count) of \(bytes.count) bytes, row \(r) shows \(text.debugDescription) "
                    + "(cursor on row \(screen.row)); the bytes before: \(before.debugDescription)"
            }
            return nil
        }
    }

    /// The most rows that showed a `dots` frame at any one moment of `bytes`.
    static func mostSpinnerRows(in bytes: [UInt8]) -> Int {
        var most = 0
        _ = firstMoment(in: bytes) { screen, _ in
            most = max(most, spinnerRows(screen).count)
            return nil
        }
        return most
    }

    /// The distinct spinner rows shown at any moment of `bytes`, in order, elapsed times dropped;
    /// read after control bytes only, so a frame drawn but not yet followed by its title is not one.
    static func spinnerTexts(in bytes: [UInt8]) -> [String] {
        var seen: [String] = []
        _ = firstMoment(in: bytes) { screen, count in
            guard count > 0 && bytes[count - 1] < 0x20 else { return nil }
            for row in spinnerRows(screen) {
                let text = row.replacing(/\ \d[\dhms.]*$/, with: "")
                if !seen.contains(text) { seen.append(text) }
            }
            return nil
        }
        return seen
    }

    /// The rows of a screen's text that are not empty.
    static func nonEmptyRows(_ snapshot: ScreenSnapshot) -> Set<String> {
        Set(snapshot.text.split(separator: "\n").map(String.init))
    }

    /// The mode words of `stty -a` output that are switched on or off (`icanon`, `-echo`, …).
    static func sttyModes(_ text: String) -> Set<String> {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).map(String.init)
        return Set(words.filter { !$0.contains("=") && !$0.contains(";") && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" } })
    }
}

/// The terminal modes a process sees on a terminal device, read from outside its session.
struct TerminalModes: Equatable, Sendable, CustomStringConvertible {
    var input: UInt32
    var output: UInt32
    var local: UInt32

    /// The modes of the terminal at `path` (e.g. `/dev/pts/3`), or nil when it cannot be opened.
    init?(path: String) {
        let fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return nil }
        input = UInt32(modes.c_iflag)
        output = UInt32(modes.c_oflag)
        local = UInt32(modes.c_lflag)
    }

    /// Output post-processing (OPOST): off in a raw terminal, where LF no longer returns the carriage.
    var postProcessesOutput: Bool { output & UInt32(OPOST) != 0 }

    var description: String {
        "iflag 0o\(String(input, radix: 8)) oflag 0o\(String(output, radix: 8)) lflag 0o\(String(local, radix: 8))"
            + (postProcessesOutput ? "" : " (OPOST off: raw)")
    }
}

/// An interactive shell with job control on the session's terminal, driven as a user would.
extension PtySession {
    /// The bytes bash 5 sends just before each prompt: it switches bracketed paste on, then
    /// writes PS1 (`$ `). Seeing them after a command was typed means the shell is back.
    static let promptMarker = "\u{1B}[?2004h$ "

    /// `bash --norc --noprofile -i` with prompt `$ ` and no history file, once its first prompt
    /// is shown.
    static func interactiveBash(environment: [String: String?] = [:]) throws -> PtySession {
        let session = try PtySession(
            ["bash", "--norc", "--noprofile", "-i"],
            environment: environment.merging(["PS1": "$ ", "HISTFILE": "/dev/null"]) { $1 })
        guard session.waitForOutput(containing: promptMarker) else {
            session.terminate()
            let version = (try? PtySession.run(["bash", "-c", "echo $BASH_VERSION"], stdout: .pipe)).map {
                String(decoding: $0.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            throw HarnessError("bash showed no prompt: these tests need bash 5.1 or later on PATH, whose prompt turns "
                               + "bracketed paste on (macOS ships 3.2; `brew install bash`); found \(version ?? "none")",
                               errno: ETIMEDOUT)
        }
        return session
    }

    /// The terminal's bytes after the first `offset`, as text with CR LF as LF.
    func text(after offset: Int) -> String { Loadwrap.text(Array(output.dropFirst(offset))) }

    /// Waits until the shell has shown a prompt after the first `offset` bytes.
    @discardableResult
    func waitForPrompt(after offset: Int, timeout: Double = defaultTimeout) -> Bool {
        let marker = Array(Self.promptMarker.utf8)
        return waitFor(timeout: timeout) { Array($0.dropFirst(offset)).contains(subsequence: marker) }
    }

    /// Types `line` at the prompt and returns what the terminal showed until the next prompt
    /// (the echoed line included), or nil when no prompt came back.
    func typeAtPrompt(_ line: String, timeout: Double = defaultTimeout) -> String? {
        let offset = output.count
        send(line + "\n")
        return waitForPrompt(after: offset, timeout: timeout) ? text(after: offset) : nil
    }
}

/// `strace` attached to a running process, recording the signal-sending system calls it makes
/// (counted even when the kernel merges two deliveries of one signal into one) and its `ioctl`s
/// (the window sizes it sets).
final class SignalSendTrace {
    private let tracer: PtySession
    private let file: String

    /// Attaches to every thread of `pid` when it runs `program`, writing into `dir`; nil when it
    /// runs something else, or strace is not installed or cannot attach (no ptrace permission).
    init?(pid: pid_t, running program: String, in dir: String) {
        let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")) ?? ""
        guard exe == URL(fileURLWithPath: program).resolvingSymlinksInPath().path,
              let strace = ["/usr/bin/strace", "/bin/strace"].first(where: FileManager.default.isExecutableFile(atPath:)),
              let tasks = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")
        else { return nil }
        file = dir + "/strace.out"
        let arguments = ["-f", "-e", "trace=kill,tkill,tgkill,pidfd_send_signal,ioctl", "-e", "signal=none", "-o", file, "-p", String(pid)]
        guard let tracer = try? PtySession([strace] + arguments, stdout: .pipe, stderr: .pipe) else { return nil }
        self.tracer = tracer
        // strace reports each thread it attached ("Process N attached") before letting them go on.
        let attached = tracer.waitForPipe(2) { bytes in
            String(decoding: bytes, as: UTF8.self).components(separatedBy: " attached").count - 1 >= tasks.count
        }
        guard attached else {
            stop()
            return nil
        }
    }

    /// The system calls recorded so far, one a line (`123 kill(-456, SIGCONT) = 0`).
    var calls: [String] {
        ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            .filter { $0.contains("(") && !$0.contains("+++") }
    }

    /// The calls that sent `signal` (e.g. "SIGCONT") to process `pid` or to process group `group`;
    /// a send through a pidfd counts too, as its target cannot be read from the trace.
    func sends(of signal: String, toProcess pid: pid_t, orGroup group: pid_t) -> [String] {
        calls.filter { call in
            guard call.contains(signal) else { return false }
            if call.contains("pidfd_send_signal(") { return true }
            guard let match = call.firstMatch(of: /(?:kill|tkill|tgkill)\((-?\d+)/), let target = pid_t(match.1) else { return false }
            return target == pid || target == -group
        }
    }

    /// The calls that set a window size (TIOCSWINSZ), on any descriptor.
    var windowSizeSets: [String] { calls.filter { $0.contains("TIOCSWINSZ") } }

    /// Detaches strace: SIGINT makes it let its tracees go; SIGKILL if it does not end.
    func stop() {
        guard !tracer.hasExited else { return }
        tracer.kill(SIGINT)
        if tracer.waitForExit(timeout: 5) == .timedOut { tracer.terminate() }
    }

    deinit { stop() }
}
