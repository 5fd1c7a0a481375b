import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a command could not be started; each case maps to the wrapper exit code users know from `env`.
package enum SpawnError: Error, Equatable {
    /// No such command on PATH or no such file (exit 127).
    case notFound(String)
    /// Found, but it cannot be executed (exit 126).
    case notExecutable(String, reason: String)
    /// The system refused for another reason (exit 125).
    case failed(String, reason: String)

    /// The exit status loadwrap ends with.
    package var exitCode: Int32 {
        switch self {
        case .notFound: return 127
        case .notExecutable: return 126
        case .failed: return 125
        }
    }

    /// The one-line message for stderr.
    package var message: String {
        switch self {
        case .notFound(let name): return "Error: Command not found: '\(Sanitizer.sanitize(name))'."
        case .notExecutable(let name, let reason): return "Error: Cannot run '\(Sanitizer.sanitize(name))': \(reason)."
        case .failed(let name, let reason): return "Error: Failed to start '\(Sanitizer.sanitize(name))': \(reason)."
        }
    }
}

/// Starts the command with `posix_spawnp`, where the topology puts it.
enum Spawner {
    /// The process group (or session) the command starts in.
    enum Group: Equatable {
        /// loadwrap's own: the terminal's keys and signals reach it directly.
        case loadwrapsGroup
        /// A process group of its own.
        case newGroup
        /// A session of its own, with a redirection's `controllingTerminalPath` as its terminal.
        case newSession
    }

    /// What the child gets besides the inherited environment and descriptors.
    struct Setup {
        /// Descriptors installed as the child's standard streams; the others are inherited.
        var redirections: [Redirection] = []
        /// Where the command starts.
        var group: Group = .loadwrapsGroup
        /// Variables added to (or replacing those in) loadwrap's own environment.
        var extraEnvironment: [String: String] = [:]
        /// Signals to reset to their default action in the child.
        var defaultSignals: [Int32]
        /// The signal mask the child starts with: loadwrap's own at start, as if run bare.
        var signalMask: sigset_t
    }

    /// One descriptor loadwrap relays (a pseudo-terminal's secondary side, a pipe's write end)
    /// and the standard streams (0, 1, 2) that get it.
    struct Redirection {
        /// loadwrap's descriptor; close-on-exec, so only the installed copies reach the command.
        var fd: Int32
        /// The streams that get it.
        var streams: [Int32]
        /// When set, `fd` (a pseudo-terminal) is first reopened by this name in a session of the
        /// command's own, which makes it the command's controlling terminal (Linux gives a session
        /// leader the first terminal it opens): its line discipline then turns Ctrl-C into SIGINT.
        var controllingTerminalPath: String? = nil
    }

    /// Spawns `command`; returns its pid.
    static func spawn(_ command: [String], _ setup: Setup) throws(SpawnError) -> pid_t {
        var actions = FileActions()
        defer { actions.destroy() }
        for redirection in setup.redirections {
            let fd = redirection.fd
            if let path = redirection.controllingTerminalPath { actions.open(path, as: fd) }
            for stream in redirection.streams { actions.dup(fd, to: stream) }
            if redirection.controllingTerminalPath != nil { actions.close(fd) }
        }
        var attributes = SpawnAttributes(
            defaultSignals: setup.defaultSignals, mask: setup.signalMask,
            newSession: setup.group == .newSession, newGroup: setup.group == .newGroup)
        defer { attributes.destroy() }

        let argv = command.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let status: Int32
        if setup.extraEnvironment.isEmpty {
            status = posix_spawnp(&pid, command[0], &actions.raw, &attributes.raw, argv, lw_environ())
        } else {
            let added = setup.extraEnvironment.map { strdup("\($0.key)=\($0.value)") }
            defer { added.forEach { free($0) } }
            let envp = inherited(except: Array(setup.extraEnvironment.keys)) + added + [nil]
            status = posix_spawnp(&pid, command[0], &actions.raw, &attributes.raw, argv, envp)
        }
        guard status == 0 else { throw error(for: status, command: command[0]) }
        return pid
    }

    /// loadwrap's own `environ` entries but those for `names`, compared as bytes: no copies, no Swift strings.
    private static func inherited(except names: [String]) -> [UnsafeMutablePointer<CChar>?] {
        var entries: [UnsafeMutablePointer<CChar>?] = []
        var entry = lw_environ()!
        while let pointer = entry.pointee {
            if !names.contains(where: { Self.entry(pointer, names: $0) }) { entries.append(pointer) }
            entry += 1
        }
        return entries
    }

    /// True when the `NAME=value` entry at `pointer` is for `name`.
    private static func entry(_ pointer: UnsafePointer<CChar>, names name: String) -> Bool {
        name.withCString { strncmp(pointer, $0, strlen($0)) == 0 } && pointer[name.utf8.count] == CChar(UInt8(ascii: "="))
    }

    /// Maps a `posix_spawnp` error number to what the user is told.
    static func error(for code: Int32, command: String) -> SpawnError {
        let reason = String(cString: strerror(code))
        switch code {
        case ENOENT, ENOTDIR: return .notFound(command)
        case EACCES, ENOEXEC, EISDIR, EPERM: return .notExecutable(command, reason: reason)
        default: return .failed(command, reason: reason)
        }
    }
}

#if canImport(Glibc)
private typealias RawFileActions = posix_spawn_file_actions_t
private typealias RawAttributes = posix_spawnattr_t
#else
private typealias RawFileActions = posix_spawn_file_actions_t?
private typealias RawAttributes = posix_spawnattr_t?
#endif

/// `posix_spawn_file_actions_t` with a Swift lifetime.
private struct FileActions {
    var raw = RawFileActions()

    init() { posix_spawn_file_actions_init(&raw) }

    mutating func dup(_ fd: Int32, to target: Int32) { posix_spawn_file_actions_adddup2(&raw, fd, target) }

    mutating func open(_ path: String, as target: Int32) { posix_spawn_file_actions_addopen(&raw, target, path, O_RDWR, 0) }

    mutating func close(_ fd: Int32) { posix_spawn_file_actions_addclose(&raw, fd) }

    mutating func destroy() { posix_spawn_file_actions_destroy(&raw) }
}

/// `posix_spawnattr_t` set up for signal hygiene: chosen signals back to default, mask as given.
private struct SpawnAttributes {
    var raw = RawAttributes()

    init(defaultSignals: [Int32], mask: sigset_t, newSession: Bool, newGroup: Bool) {
        posix_spawnattr_init(&raw)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signo in defaultSignals { sigaddset(&defaults, signo) }
        var mask = mask
        posix_spawnattr_setsigdefault(&raw, &defaults)
        posix_spawnattr_setsigmask(&raw, &mask)
        let session = newSession ? lw_spawn_setsid_flag() : 0
        let group = !newSession && newGroup ? Int16(POSIX_SPAWN_SETPGROUP) : 0
        posix_spawnattr_setpgroup(&raw, 0)
        posix_spawnattr_setflags(&raw, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK) | session | group)
    }

    mutating func destroy() { posix_spawnattr_destroy(&raw) }
}
