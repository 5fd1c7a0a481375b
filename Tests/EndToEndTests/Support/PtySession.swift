import CPtyTestSupport
import Foundation
import LoadWrapTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// How one standard stream of the spawned program is connected.
enum StreamSetup: Sendable {
    /// The pseudo-terminal's secondary side (the default: a program in a terminal).
    case pty
    /// A pipe: for stdin the session writes to it, for stdout/stderr the session collects it.
    case pipe
    /// A file opened for reading (stdin) or created for writing (stdout/stderr).
    case file(String)
    /// A descriptor the caller owns and closes after the spawn.
    case descriptor(Int32)
}

/// How the spawned program ended.
enum Termination: Equatable, Sendable, CustomStringConvertible {
    case exited(Int32)
    case signaled(Int32)
    case timedOut

    var description: String {
        switch self {
        case .exited(let code): "exited(\(code))"
        case .signaled(let signo): "signaled(\(signo))"
        case .timedOut: "timed out"
        }
    }
}

/// A program running with a fresh pseudo-terminal as its controlling terminal, as a user's
/// terminal emulator would run it; every byte the terminal receives is collected.
final class PtySession: @unchecked Sendable {
    /// The default wait: generous, because CI is a loaded 2-core machine.
    static let defaultTimeout: Double = 20

    /// The program's pid; it leads its own session and process group.
    let pid: pid_t

    private let state = NSCondition()
    private var primary: Int32
    private var stdinWriter: Int32 = -1
    private var primaryBytes: [UInt8] = []
    private var pipeBytes: [Int32: [UInt8]] = [1: [], 2: []]
    private var readersRunning = 0
    /// The primary descriptor is still open (writes and resizes are possible).
    private var primaryOpen = true
    /// The terminal has delivered its last byte (every secondary descriptor is closed).
    private var primaryDrained = false
    /// The `.pipe` streams that have reached their end.
    private var pipeClosed: Set<Int32> = []
    private var exitStatus: Termination?

    /// Spawns `argv` (argv[0] a path, or a name looked up in PATH) in a `rows`×`cols` terminal.
    init(
        _ argv: [String], rows: UInt16 = 24, cols: UInt16 = 80,
        stdin: StreamSetup = .pty, stdout: StreamSetup = .pty, stderr: StreamSetup = .pty,
        environment: [String: String?] = [:]
    ) throws {
        let pty = try TestPty(rows: rows, columns: cols)
        let (primaryFD, secondaryFD) = (pty.primary, pty.secondary)
        var toClose: [Int32] = [secondaryFD]
        var readers: [(fd: Int32, stream: Int32)] = []
        var writer: Int32 = -1
        defer { for fd in toClose { close(fd) } }

        func connect(_ setup: StreamSetup, stream: Int32) throws -> Int32 {
            switch setup {
            case .pty:
                return secondaryFD
            case .descriptor(let fd):
                return fd
            case .file(let path):
                let flags = stream == 0 ? O_RDONLY : O_WRONLY | O_CREAT | O_TRUNC
                let fd = open(path, flags | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw HarnessError("open \(path)") }
                toClose.append(fd)
                return fd
            case .pipe:
                var ends: [Int32] = [-1, -1]
                guard ptyts_pipe(&ends) == 0 else { throw HarnessError("pipe") }
                if stream == 0 {
                    writer = ends[1]
                    toClose.append(ends[0])
                    return ends[0]
                }
                readers.append((ends[0], stream))
                toClose.append(ends[1])
                return ends[1]
            }
        }
        let fd0 = try connect(stdin, stream: 0)
        let fd1 = try connect(stdout, stream: 1)
        let fd2 = try connect(stderr, stream: 2)

        let path = try Self.resolve(argv[0])
        let env = TestEnvironment.childEnvironment(environment).map { "\($0.key)=\($0.value)" }
        let spawned = Self.withCStrings(argv) { cArgv in
            Self.withCStrings(env) { cEnv in
                ptyts_spawn(path, cArgv, cEnv, fd0, fd1, fd2, secondaryFD)
            }
        }
        guard spawned > 0 else {
            let code = errno
            close(primaryFD)
            if writer >= 0 { close(writer) }
            for reader in readers { close(reader.fd) }
            throw HarnessError("spawn \(path)", errno: code)
        }
        pid = spawned
        primary = primaryFD
        stdinWriter = writer
        readersRunning = 1 + readers.count
        startReader(fd: primaryFD, stream: -1)
        for reader in readers { startReader(fd: reader.fd, stream: reader.stream) }
        Thread { [self] in
            var code: Int32 = -1
            var signo: Int32 = -1
            let ok = ptyts_wait(pid, &code, &signo) == 0
            state.withLock {
                exitStatus = !ok ? .timedOut : signo >= 0 ? .signaled(signo) : .exited(code)
                state.broadcast()
            }
        }.start()
    }

    // MARK: Observing

    /// Every byte the terminal (the primary side) has received so far.
    var output: [UInt8] { state.withLock { primaryBytes } }

    /// The terminal's bytes so far, decoded as UTF-8.
    var outputText: String { String(decoding: output, as: UTF8.self) }

    /// What the program wrote to its stdout (1) or stderr (2) when that stream is a `.pipe`.
    func pipeOutput(_ stream: Int32) -> [UInt8] { state.withLock { pipeBytes[stream] ?? [] } }

    /// Waits until `condition` holds for the terminal's bytes; false on timeout or when the
    /// terminal closed without it holding.
    @discardableResult
    func waitFor(timeout: Double = defaultTimeout, _ condition: ([UInt8]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return state.withLock {
            while !condition(primaryBytes) {
                if primaryDrained || !state.wait(until: deadline) { return condition(primaryBytes) }
            }
            return true
        }
    }

    /// Waits until `condition` holds for what the program wrote to its stdout (1) or stderr (2)
    /// `.pipe`; false on timeout or when the pipe closed without it holding.
    @discardableResult
    func waitForPipe(_ stream: Int32, timeout: Double = defaultTimeout, _ condition: ([UInt8]) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        return state.withLock {
            while !condition(pipeBytes[stream] ?? []) {
                if pipeClosed.contains(stream) || !state.wait(until: deadline) {
                    return condition(pipeBytes[stream] ?? [])
                }
            }
            return true
        }
    }

    /// Waits until the terminal has received `text`.
    @discardableResult
    func waitForOutput(containing text: String, timeout: Double = defaultTimeout) -> Bool {
        let needle = Array(text.utf8)
        return waitFor(timeout: timeout) { $0.contains(subsequence: needle) }
    }

    /// How long the collected streams get to reach their end once the program has ended: the
    /// bytes it wrote last are in the kernel, but a loaded machine may not have run the reader
    /// threads yet. A leftover grandchild that holds a stream open costs this much.
    static let drainGrace: Double = 10

    /// Waits for the program to end, then for every collected stream to reach its end (within
    /// `drainGrace` of the end even past the deadline, so a late exit never cuts its last
    /// bytes off). On timeout the whole process group is killed and `.timedOut` returned.
    @discardableResult
    func waitForExit(timeout: Double = defaultTimeout) -> Termination {
        var deadline = Date(timeIntervalSinceNow: timeout)
        let status: Termination? = state.withLock {
            while exitStatus == nil {
                if !state.wait(until: deadline) { return nil }
            }
            deadline = max(deadline, Date(timeIntervalSinceNow: Self.drainGrace))
            while readersRunning > 0 {
                if !state.wait(until: deadline) { break }
            }
            return exitStatus
        }
        guard let status else {
            terminate()
            return .timedOut
        }
        return status
    }

    /// True once the program has ended (it may not have been reaped by a wait yet).
    var hasExited: Bool { state.withLock { exitStatus != nil } }

    // MARK: Acting as the terminal and the user

    /// Types `bytes` on the terminal (e.g. "\u{03}" is Ctrl-C for the foreground group).
    func send(_ bytes: [UInt8]) {
        state.withLock {
            guard primaryOpen else { return }
            _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
        }
    }

    /// Types `text` on the terminal.
    func send(_ text: String) { send(Array(text.utf8)) }

    /// True when the terminal's line discipline echoes and sends signals for keys (Linux and
    /// XNU answer tcgetattr on the primary side with the pair's modes): a Ctrl-C typed now is
    /// echoed as `^C`, as it is on a terminal given back to the shell. False once it closed.
    var echoesKeys: Bool {
        state.withLock {
            guard primaryOpen else { return false }
            var modes = termios()
            guard tcgetattr(primary, &modes) == 0 else { return false }
            return modes.c_lflag & tcflag_t(ECHO | ISIG | ICANON) == tcflag_t(ECHO | ISIG | ICANON)
        }
    }

    /// Resizes the terminal as an emulator does: TIOCSWINSZ on the primary side. The kernel
    /// then sends SIGWINCH to the terminal's foreground process group itself (tty_do_resize).
    func resize(rows: UInt16, cols: UInt16) {
        state.withLock {
            guard primaryOpen else { return }
            _ = ptyts_set_winsize(primary, rows, cols)
        }
    }

    /// Writes to the program's stdin when it is a `.pipe`.
    func writeStdin(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(stdinWriter, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            offset += n
        }
    }

    /// Closes the program's stdin pipe (end of input).
    func closeStdin() {
        state.withLock {
            if stdinWriter >= 0 { close(stdinWriter) }
            stdinWriter = -1
        }
    }

    /// Sends `signal` to the program (not its group).
    func kill(_ signal: Int32) { _ = sendSignal(pid, signal) }

    /// Kills the program's whole process group (survivors included) and closes stdin.
    func terminate() {
        closeStdin()
        _ = sendSignal(-pid, SIGKILL)
        if !hasExited { _ = sendSignal(pid, SIGKILL) }
    }

    // MARK: Helpers

    /// Reads `fd` until end of file or error (EIO once every secondary is closed), then closes it.
    private func startReader(fd: Int32, stream: Int32) {
        Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                state.withLock {
                    if stream < 0 {
                        primaryBytes += buffer[..<n]
                    } else {
                        pipeBytes[stream, default: []] += buffer[..<n]
                    }
                    state.broadcast()
                }
            }
            state.withLock {
                readersRunning -= 1
                if stream < 0 { primaryDrained = true } else { pipeClosed.insert(stream) }
                state.broadcast()
                guard stream < 0 else {
                    close(fd)
                    return
                }
                // Closing the primary hangs the terminal up: the kernel sends SIGHUP to the
                // session. The program may still be running after closing its last terminal
                // descriptor (coreutils close stdout and stderr in an atexit handler), so the
                // primary stays open until it has ended, as a terminal emulator keeps it.
                while exitStatus == nil { state.wait() }
                close(fd)
                primaryOpen = false
            }
        }.start()
    }

    /// Finds `name` in PATH unless it already contains a slash.
    private static func resolve(_ name: String) throws -> String {
        if name.contains("/") { return name }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where access("\(dir)/\(name)", X_OK) == 0 {
            return "\(dir)/\(name)"
        }
        throw HarnessError("\(name) not in PATH", errno: ENOENT)
    }

    /// Calls `body` with a NULL-terminated C array of `strings`.
    static func withCStrings<R>(
        _ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R
    ) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

extension Array where Element == UInt8 {
    /// True when `needle` occurs in this byte array.
    func contains(subsequence needle: [UInt8]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= count else { return false }
        return firstRange(of: needle) != nil
    }
}

/// kill(2), named apart from `PtySession.kill` so the C function is found on Linux and Darwin alike.
private func sendSignal(_ pid: pid_t, _ signal: Int32) -> Int32 { kill(pid, signal) }
