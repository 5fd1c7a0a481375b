import CLoadWrap
import LoadWrapCore
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
    /// The `--log` file cannot be opened for writing (exit 125).
    case unwritableLog(String, reason: String)
    /// A file loadwrap writes at the end (`--trace`, `--timings`: `what`) cannot be opened for
    /// writing (exit 125).
    case unwritableFile(what: String, path: String, reason: String)
    /// `--retry` with standard input a pipe or socket, which a retry could not read again (exit 125).
    case unreplayableInput
    /// `poll` failed for good while the command ran, so loadwrap ended it (exit 125).
    case lostWatch(reason: String)

    /// The exit status loadwrap ends with.
    package var exitCode: Int32 {
        switch self {
        case .notFound: return 127
        case .notExecutable: return 126
        case .failed, .unwritableLog, .unwritableFile, .unreplayableInput, .lostWatch: return 125
        }
    }

    /// The one-line message for stderr.
    package var message: String {
        switch self {
        case .notFound(let name): return "Error: Command not found: '\(Sanitizer.sanitize(name))'."
        case .notExecutable(let name, let reason): return "Error: Cannot run '\(Sanitizer.sanitize(name))': \(reason)."
        case .failed(let name, let reason): return "Error: Failed to start '\(Sanitizer.sanitize(name))': \(reason)."
        case .unwritableLog(let path, let reason): return "Error: Cannot write the log '\(Sanitizer.sanitize(path))': \(reason)."
        case .unwritableFile(let what, let path, let reason):
            return "Error: Cannot write the \(what) '\(Sanitizer.sanitize(path))': \(reason)."
        case .unreplayableInput:
            return "Error: '--retry' cannot give a retry the input the first attempt read from a pipe;"
                + " redirect the command's input from a file, or from /dev/null."
        case .lostWatch(let reason):
            return "Error: Cannot watch the command any more (poll: \(reason)); it was stopped."
        }
    }
}

/// Starts the command where the topology puts it: `posix_spawnp`, or fork and exec where a
/// controlling terminal needs it.
package enum Spawner {
    /// The process group (or session) the command starts in.
    package enum Group: Equatable {
        /// loadwrap's own: the terminal's keys and signals reach it directly.
        case loadwrapsGroup
        /// A process group of its own.
        case newGroup
        /// A session of its own, with a redirection's `controllingTerminalPath` as its terminal.
        case newSession
    }

    /// What the child gets besides the inherited environment and descriptors.
    package struct Setup {
        /// Descriptors installed as the child's standard streams; the others are inherited.
        var redirections: [Redirection] = []
        /// Where the command starts.
        var group: Group = .loadwrapsGroup
        /// A new session with a controlling terminal starts by fork → setsid → TIOCSCTTY → exec,
        /// where posix_spawn cannot give it one (Darwin: `Platform.Traits.spawnAcquiresTerminal`).
        var forkForTerminal = false
        /// How the child's environment differs from loadwrap's own.
        var environment = EnvironmentChange()
        /// Signals to reset to their default action in the child.
        var defaultSignals: [Int32]
        /// The signal mask the child starts with: loadwrap's own at start, as if run bare.
        var signalMask: sigset_t

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(
            redirections: [Spawner.Redirection] = [], group: Spawner.Group = .loadwrapsGroup,
            forkForTerminal: Bool = false, environment: EnvironmentChange = EnvironmentChange(),
            defaultSignals: [Int32], signalMask: sigset_t
        ) {
            self.redirections = redirections
            self.group = group
            self.forkForTerminal = forkForTerminal
            self.environment = environment
            self.defaultSignals = defaultSignals
            self.signalMask = signalMask
        }
    }

    /// Variables added to (or replacing those in) loadwrap's own environment, and variables of it
    /// the child does not get.
    package struct EnvironmentChange {
        var added: [String: String] = [:]
        var removed: [String] = []

        package init(added: [String: String] = [:], removed: [String] = []) {
            (self.added, self.removed) = (added, removed)
        }
    }

    /// One descriptor loadwrap relays (a pseudo-terminal's secondary side, a pipe's write end)
    /// and the standard streams (0, 1, 2) that get it.
    package struct Redirection {
        /// loadwrap's descriptor; close-on-exec, so only the installed copies reach the command.
        var fd: Int32
        /// The streams that get it.
        var streams: [Int32]
        /// When set, `fd` (a pseudo-terminal) is first reopened by this name in a session of the
        /// command's own, which makes it the command's controlling terminal (Linux gives a session
        /// leader the first terminal it opens): its line discipline then turns Ctrl-C into SIGINT.
        var controllingTerminalPath: String? = nil

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(fd: Int32, streams: [Int32], controllingTerminalPath: String? = nil) {
            self.fd = fd
            self.streams = streams
            self.controllingTerminalPath = controllingTerminalPath
        }
    }

    /// Spawns `command`; returns its pid. Where posix_spawn cannot give the command its
    /// controlling terminal (Darwin), a new session with one starts by fork → setsid → TIOCSCTTY
    /// → exec instead (CLoadWrap's spawn.c).
    package static func spawn(_ command: [String], _ setup: Setup) throws(SpawnError) -> pid_t {
        let plan = SpawnPlan(command, setup: setup)
        var pid: pid_t = 0
        let status = plan.spawn(&pid)
        guard status == 0 else { throw error(for: status, command: command[0]) }
        return pid
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
