#if canImport(Glibc)
import Glibc
import LoadWrapProcess
import LoadWrapRuns
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner of several `-c` commands: the command of the loadwrap that shows them. It starts an
/// inner loadwrap per command, up to `--jobs` at once, each `loadwrap --title=TITLE -- /bin/sh -c LINE`
/// with `/dev/null` for input; they inherit the shower's control channel and report to it as
/// siblings. It waits for them, keeps the first failure in time, applies `--fail-fast`, and ends
/// as that command ended, so the loadwrap above ends so too.
///
/// The inners stay in the runner's process group: the terminal's keys and the loadwrap above
/// reach the group, and so every command, as they reach one command; the runner passes on only
/// what was sent to it alone (`JobSignals`). It waits for every inner, is the subreaper of what
/// they start (Linux), and `--fail-fast`'s SIGKILL reaches all still below it; a process a command
/// left in the background when it ended is left alone, as a shell leaves it (docs/several.md).
package final class JobRunner {
    /// What to run.
    let plan: JobPlan
    /// Where time comes from, for `--kill-after`.
    let clock = MonotonicClock()
    /// The loadwrap that shows the commands, told how many wait.
    private let upstream: ControlClient?
    /// The jobs not started yet, by index, in order.
    var waiting: [Int]
    /// The inner loadwraps running: pid to job index.
    var running: [pid_t: Int] = [:]
    /// How the first command to fail ended.
    var failure: ChildEnd?
    /// After `--fail-fast`'s SIGTERM: when SIGKILL goes to whatever is left.
    var killAtMS: Int?
    /// After `--fail-fast`: inners whose command did not exist yet, so has not had its SIGTERM.
    private var unterminated: Set<pid_t> = []
    /// The waiting count last told to the loadwrap above.
    private var reportedWaiting: Int?
    /// How an inner is started, once the runner is ready.
    private var launcher: JobLauncher?

    /// A runner for `plan`, reporting the waiting count to the channel in `environment`.
    package init(_ plan: JobPlan, environment: [String: String]) {
        self.plan = plan
        upstream = ControlClient(environment: environment)
        waiting = Array(plan.jobs.indices)
    }

    /// Runs every command and ends as the first to fail did, or with 0.
    package func run() -> Never {
        let signals: JobSignals
        do {
            signals = try JobSignals()
            launcher = try JobLauncher(plan: plan, signals: signals)
        } catch {
            StandardStreams.err(error.message + "\n")
            exit(error.exitCode)
        }
        Platform.becomeSubreaper()
        let signalSource = ReadableSource(fd: signals.pipe.readFD) { [unowned self] in
            signals.pipe.drain().forEach { handle($0, signals: signals) }
        }
        let outputs: [any EventSource] = launcher?.terminal.map { [$0] } ?? []
        let loop = EventLoop(sources: [signalSource] + outputs)
        startWaiting()
        while !running.isEmpty {
            do {
                try loop.turn(untilMS: wakeMS, clock: clock)
            } catch {
                reapBlocking()  // poll cannot tell of a death any more: wait for one instead
            }
            terminateStarted()
            killIfDue()
        }
        (failure ?? .exited(0)).imitate()
    }

    /// Starts waiting jobs while fewer than `--jobs` run, and tells the loadwrap above how many
    /// still wait.
    func startWaiting() {
        while running.count < plan.policy.limit, !waiting.isEmpty, let launcher {
            let index = waiting.removeFirst()
            do {
                running[try launcher.start(index)] = index
            } catch {
                StandardStreams.err(error.message + "\n")
                record(.exited(error.exitCode))
            }
        }
        reportWaiting()
    }

    /// Tells the loadwrap above the run's title with the count of commands waiting for their turn,
    /// or without it once none wait; only when `--jobs` made any wait, and only when it changed.
    func reportWaiting() {
        guard plan.policy.limit < plan.jobs.count, waiting.count != reportedWaiting else { return }
        reportedWaiting = waiting.count
        let text = waiting.isEmpty ? plan.title : "\(plan.title), \(waiting.count) waiting"
        upstream?.send(.say(text), settleMS: 0)
    }

    /// Notes how an inner ended; the first failure is the run's, and with `--fail-fast` ends the rest.
    func ended(_ pid: pid_t, _ end: ChildEnd) {
        guard running.removeValue(forKey: pid) != nil else { return }  // an orphan adopted as subreaper
        unterminated.remove(pid)
        launcher?.terminal?.ended(pid)
        record(end)
        startWaiting()
    }

    /// Keeps `end` when it is the first failure.
    private func record(_ end: ChildEnd) {
        guard end != .exited(0), failure == nil else { return }
        failure = end
        if plan.policy.failFast { stopOthers() }
    }

    /// `--fail-fast`: nothing more starts; each running command and what it started gets SIGTERM,
    /// and `--kill-after` later SIGKILL, as `--timeout` does for one command.
    private func stopOthers() {
        waiting.removeAll()
        reportWaiting()
        let table = Platform.processes()
        unterminated = Set(running.keys.filter { !JobSignals.terminate($0, in: table) })
        killAtMS = clock.nowMS() + plan.policy.killAfterMS
    }

    /// When the loop next wakes by itself: for SIGKILL, or soon while a command is still to get
    /// its SIGTERM, as no event tells when an inner has started it.
    private var wakeMS: Int? {
        guard !unterminated.isEmpty else { return killAtMS }
        return min(killAtMS ?? .max, clock.nowMS() + Self.startPollMS)
    }

    /// How often an inner is looked at for its command after `--fail-fast`.
    private static let startPollMS = 20

    /// Sends `--fail-fast`'s SIGTERM to the commands started since.
    private func terminateStarted() {
        guard !unterminated.isEmpty else { return }
        let table = Platform.processes()
        unterminated = unterminated.filter { !JobSignals.terminate($0, in: table) }
    }

    /// SIGKILL to every inner and everything below the runner, once `--kill-after` has passed.
    private func killIfDue() {
        guard let killAtMS, clock.nowMS() >= killAtMS else { return }
        self.killAtMS = nil
        let everything = Array(running.keys) + ProcessTree.descendants(of: getpid())
        for pid in everything { kill(pid, SIGKILL) }
    }

    /// The terminal was resized: so are the commands' own terminals.
    func resized() {
        launcher?.terminal?.resized()
    }

    /// Collects every inner that ended, and orphans adopted as subreaper.
    func reap() {
        ChildReaper.collect(ended)
    }

    /// Waits for one child to end, for when `poll` no longer can.
    private func reapBlocking() {
        ChildReaper.collectBlocking(ended)
    }
}
