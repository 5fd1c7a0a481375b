import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real `JobSpawner`: an inner loadwrap per job (`JobLauncher`), in the runner's process
/// group, so the terminal's keys and the loadwrap above reach every command as they reach one;
/// the runner's signals (`JobSignals`) in one event loop; their ends collected with `ChildReaper`. The runner is the subreaper of what the
/// inners start (Linux), so `--fail-fast`'s SIGKILL reaches all still below it; a process a
/// command left in the background when it ended is left alone, as a shell leaves it
/// (docs/several.md).
final class InnerJobs: JobSpawner {
    /// The runner's signals.
    private let signals: JobSignals
    /// How an inner is started.
    private let launcher: JobLauncher
    /// Where time comes from, for the loop's deadline.
    private let clock: any TimeSource
    /// The signal pipe and the commands' terminals.
    private var loop: EventLoop?
    /// The inner loadwraps running: pid to job.
    private var running: [pid_t: Int] = [:]
    /// After `--fail-fast`: inners whose command did not exist yet, so has not had its SIGTERM.
    private var unterminated: Set<pid_t> = []
    /// What happened since the last `wait`.
    private var reports: [JobReport] = []

    /// Catches the runner's signals, finds the executable, and makes the runner the subreaper;
    /// throws when it cannot (125).
    init(plan: JobPlan, clock: any TimeSource) throws(SpawnError) {
        signals = try JobSignals()
        launcher = try JobLauncher(plan: plan, signals: signals)
        self.clock = clock
        Platform.becomeSubreaper()
        let signalSource = ReadableSource(fd: signals.pipe.readFD) { [unowned self] in
            signals.pipe.drain().forEach { handle($0) }
        }
        loop = EventLoop(sources: [signalSource])
    }

    func start(_ job: Int) -> ChildEnd? {
        do {
            running[try launcher.start(job)] = job
            return nil
        } catch {
            StandardStreams.err(error.message + "\n")
            launcher.ended(job)
            return .exited(error.exitCode)
        }
    }

    /// Turns the loop once; while a command is still to get its SIGTERM, wakes soon to look for
    /// it, as no event tells when an inner has started it.
    func wait(untilMS deadlineMS: Int?) -> [JobReport] {
        let wakeMS = unterminated.isEmpty ? deadlineMS : min(deadlineMS ?? .max, clock.nowMS() + Self.startPollMS)
        do {
            try loop?.turn(untilMS: wakeMS, clock: clock)
        } catch {
            ChildReaper.collectBlocking(ended)  // poll cannot tell of a death any more: wait for one instead
        }
        if !unterminated.isEmpty { terminate(pids: unterminated) }
        defer { reports.removeAll() }
        return reports
    }

    /// How often an inner is looked at for its command after `--fail-fast`.
    private static let startPollMS = 20

    func terminate(_ jobs: [Int]) {
        terminate(pids: running.filter { jobs.contains($0.value) }.keys)
    }

    /// SIGTERM to the commands of these inners that have started theirs; the others are kept
    /// for the next look.
    private func terminate(pids: some Sequence<pid_t>) {
        let table = Platform.processes()
        for pid in pids {
            if JobSignals.terminate(pid, in: table) { unterminated.remove(pid) } else { unterminated.insert(pid) }
        }
    }

    func killAll() {
        for pid in Array(running.keys) + ProcessTree.descendants(of: getpid()) { kill(pid, SIGKILL) }
    }

    func send(_ signo: Int32, to jobs: [Int]) {
        for (pid, job) in running where jobs.contains(job) { kill(pid, signo) }
    }

    /// Acts on one signal delivered to the runner: a death is collected; a signal that ends the
    /// run is the runner's to decide on.
    private func handle(_ delivery: SignalPipe.Delivery) {
        switch delivery.signo {
        case SIGCHLD: ChildReaper.collect(ended)
        default: reports.append(.signal(delivery.signo, alone: signals.sentToRunnerAlone(delivery)))
        }
    }

    /// Notes how an inner ended; an orphan adopted as subreaper is no job.
    private func ended(_ pid: pid_t, _ end: ChildEnd) {
        guard let job = running.removeValue(forKey: pid) else { return }
        unterminated.remove(pid)
        launcher.ended(job)
        reports.append(.ended(job: job, end))
    }
}
