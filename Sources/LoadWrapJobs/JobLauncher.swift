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
    /// The commands' labelled lines on the terminal, or nil: their output then goes where the
    /// runner's does, untouched.
    let terminal: JobTerminal?

    /// Finds the executable and opens `/dev/null`; throws when either cannot be had (125).
    init(plan: JobPlan, signals: JobSignals) throws(SpawnError) {
        guard let executable = Platform.executablePath() else {
            throw .failed("loadwrap", reason: "its own executable cannot be found")
        }
        let input = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .failed("/dev/null", reason: String(cString: strerror(errno))) }
        (self.plan, self.executable, self.input, self.signals) = (plan, executable, input, signals)
        terminal = JobTerminal(plan: plan)
    }

    /// Starts job `index`'s inner loadwrap in the runner's group, on a pseudo-terminal of its own
    /// when the lines are labelled; returns its pid.
    func start(_ index: Int) throws(SpawnError) -> pid_t {
        var redirections = [Spawner.Redirection(fd: input, streams: [0])]
        let relay = try terminal?.open(index)
        if let relay { redirections.append(relay.1) }
        let setup = Spawner.Setup(
            redirections: redirections, group: .loadwrapsGroup,
            environment: Spawner.EnvironmentChange(added: [JobSignals.groupVariable: signals.groupSignaled ? "1" : "0"]),
            defaultSignals: signals.defaultInInners, signalMask: signals.pipe.originalMask)
        do {
            let pid = try Spawner.spawn([executable] + plan.innerArguments(plan.jobs[index]), setup)
            if let relay { terminal?.started(pid, on: relay.0, index: index) }
            return pid
        } catch {
            relay.map { JobTerminal.discard($0.0) }
            throw error
        }
    }
}
