import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts one inner loadwrap per command: this very executable, `--title=TITLE [--quiet] -- /bin/sh -c
/// LINE`, with `/dev/null` for input, as no one command of several can have the keyboard.
struct JobLauncher {
    /// What the inners run.
    private let plan: JobPlan
    /// loadwrap's own executable.
    private let executable: String
    /// `/dev/null`, close-on-exec: only the installed copy reaches an inner.
    private let input: Int32
    /// The runner's signals, which the inners get back at their defaults, with its original mask.
    private let signals: JobSignals
    /// The streams a command's own terminal is installed as: stderr, and stdout when it is the
    /// same terminal (a pipe stays a pipe, its bytes untouched); none when the commands have no
    /// terminals of their own, and write where the runner does.
    private let terminalStreams: [Int32]
    /// Opens each command's terminal as it starts and hands it to the loadwrap that labels the
    /// lines, or nil when the commands have no terminals of their own.
    private let terminals: TerminalSender?

    /// Finds the executable and opens `/dev/null`; throws when either cannot be had (125).
    init(plan: JobPlan, signals: JobSignals) throws(SpawnError) {
        guard let executable = Platform.executablePath() else {
            throw .failed("loadwrap", reason: "its own executable cannot be found")
        }
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .failed("/dev/null", reason: String(cString: strerror(errno))) }
        (self.plan, self.executable, self.input, self.signals) = (plan, executable, input, signals)
        terminalStreams = plan.appearance.channel == nil ? [] : (FileIdentity.same(1, 2) ? [1] : []) + [2]
        terminals = plan.appearance.channel.map { TerminalSender(channel: $0, names: plan.jobs.map(\.name)) }
    }

    /// Starts job `index`'s inner loadwrap in the runner's group, on a terminal of its own when
    /// the commands have them, which the runner then lets go of: the terminal ends when the job's
    /// processes are gone. Returns its pid.
    func start(_ index: Int) throws(SpawnError) -> pid_t {
        var redirections = [Spawner.Redirection(fd: input, streams: [0])]
        let terminal = try terminals?.open(for: index)
        if let terminal { redirections.append(Spawner.Redirection(fd: terminal, streams: terminalStreams)) }
        defer { terminal.map { _ = close($0) } }
        let setup = Spawner.Setup(
            redirections: redirections, group: .loadwrapsGroup,
            environment: Spawner.EnvironmentChange(added: [JobSignals.groupVariable: signals.groupSignaled ? "1" : "0"]),
            defaultSignals: signals.defaultInInners, signalMask: signals.pipe.originalMask)
        return try Spawner.spawn([executable] + plan.innerArguments(plan.jobs[index]), setup)
    }

    /// Job `index` has ended, or could not start: the loadwrap above may close its terminal once
    /// it has read what is left.
    func ended(_ index: Int) {
        terminals?.ended(index)
    }
}
