#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts one inner loadwrap per command: this very executable, `-t TITLE [--quiet] -- /bin/sh -c
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

    /// Finds the executable and opens `/dev/null`; throws when either cannot be had (125).
    init(plan: JobPlan, signals: JobSignals) throws(SpawnError) {
        guard let executable = Platform.executablePath() else {
            throw .failed("loadwrap", reason: "its own executable cannot be found")
        }
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .failed("/dev/null", reason: String(cString: strerror(errno))) }
        (self.plan, self.executable, self.input, self.signals) = (plan, executable, input, signals)
    }

    /// Starts `job`'s inner loadwrap in the runner's group; returns its pid.
    func start(_ job: JobPlan.Job) throws(SpawnError) -> pid_t {
        let setup = Spawner.Setup(
            redirections: [Spawner.Redirection(fd: input, streams: [0])], group: .loadwrapsGroup,
            defaultSignals: signals.defaultInInners, signalMask: signals.pipe.originalMask)
        return try Spawner.spawn([executable] + plan.innerArguments(job), setup)
    }
}
