import LoadWrapProcess

/// The runner's decisions, with no process, clock or channel in them: which command starts next
/// under `--jobs`, what the title says of those waiting, which failure is the first in time, what
/// `--fail-fast` and a signal to the runner do, and when the run is over. `JobRunner` feeds it
/// what happened and carries out what it decides; `JobSchedulerTests` drive it event by event.
struct JobScheduler {
    /// What happened, as the runner tells it.
    enum Event: Equatable {
        /// Job `job` ended so, at `atMS` on the runner's clock (one that could not start ends at once).
        case ended(job: Int, ChildEnd, atMS: Int)
        /// The runner's clock reads `atMS`: a deadline may have passed.
        case tick(atMS: Int)
        /// A signal that ends the run reached the runner; `alone` when a process sent it to the
        /// runner only, so the jobs did not get it (`JobSignals.sentToRunnerAlone`).
        case signal(Int32, alone: Bool)
    }

    /// What the runner is to do, in order.
    enum Decision: Equatable {
        /// Start job `index`.
        case start(Int)
        /// Tell the loadwrap above the run's title, which counts the jobs waiting.
        case title(String)
        /// `--fail-fast`: SIGTERM to these jobs' commands and all they started.
        case terminate([Int])
        /// `--kill-after` has passed since: SIGKILL to every job and everything below the runner.
        case kill
        /// Pass this signal on to these jobs.
        case forward(Int32, to: [Int])
        /// Every job has ended: end as this.
        case finish(ChildEnd)
    }

    /// How many jobs there are.
    private let count: Int
    /// `--jobs`, `--fail-fast`, `--kill-after`.
    private let policy: JobPlan.Policy
    /// The run's title, before the waiting count.
    private let title: String
    /// The jobs not started yet, in order.
    private(set) var waiting: [Int]
    /// The jobs started and not ended, in the order started.
    private(set) var running: [Int] = []
    /// The first failure in time, and when it came.
    private(set) var failure: (end: ChildEnd, atMS: Int)?
    /// After `--fail-fast`'s SIGTERM: when SIGKILL is due.
    private(set) var killAtMS: Int?
    /// The waiting count last told, so each count is told once.
    private var toldWaiting: Int?
    /// Whether `finish` was decided.
    private(set) var finished = false

    /// A scheduler for `plan`'s jobs, none started yet.
    init(plan: JobPlan) {
        (count, policy, title) = (plan.jobs.count, plan.policy, plan.title)
        waiting = Array(plan.jobs.indices)
    }

    /// When the runner must look at the clock again by itself (`tick`): the SIGKILL's time, if due.
    var wakeMS: Int? { killAtMS }

    /// The first jobs, up to `--jobs`, and the title with the others waiting.
    mutating func begin() -> [Decision] {
        var decisions = startWaiting()
        finishIfDone(&decisions)
        return decisions
    }

    /// What to do after `event`.
    mutating func handle(_ event: Event) -> [Decision] {
        var decisions: [Decision] = []
        switch event {
        case .ended(let job, let end, let atMS):
            guard let place = running.firstIndex(of: job) else { return [] }
            running.remove(at: place)
            record(end, atMS: atMS, into: &decisions)
            decisions += startWaiting()
        case .tick(let atMS):
            guard let killAtMS, atMS >= killAtMS else { return [] }
            self.killAtMS = nil
            decisions.append(.kill)
        case .signal(let signo, let alone):
            // Nothing more starts once the run is told to end; the jobs running get the signal
            // once: from the runner only when it was sent to the runner alone.
            waiting.removeAll()
            decisions += tellWaiting()
            if alone && !running.isEmpty { decisions.append(.forward(signo, to: running)) }
        }
        finishIfDone(&decisions)
        return decisions
    }

    /// Keeps `end` when it is a failure earlier than any so far; the first one handled, with
    /// `--fail-fast`, stops the others.
    private mutating func record(_ end: ChildEnd, atMS: Int, into decisions: inout [Decision]) {
        guard end != .exited(0) else { return }
        guard let first = failure else {
            failure = (end, atMS)
            if policy.failFast { decisions += stopOthers(atMS: atMS) }
            return
        }
        if atMS < first.atMS { failure = (end, atMS) }
    }

    /// `--fail-fast`: nothing more starts; each running job's command gets SIGTERM, and SIGKILL
    /// once `--kill-after` has passed, as `--timeout` does for one command.
    private mutating func stopOthers(atMS: Int) -> [Decision] {
        waiting.removeAll()
        var decisions = tellWaiting()
        guard !running.isEmpty else { return decisions }
        decisions.append(.terminate(running))
        killAtMS = atMS + policy.killAfterMS
        return decisions
    }

    /// Starts waiting jobs, in order, while fewer than `--jobs` run; then the title.
    private mutating func startWaiting() -> [Decision] {
        var decisions: [Decision] = []
        while running.count < policy.limit, !waiting.isEmpty {
            let job = waiting.removeFirst()
            running.append(job)
            decisions.append(.start(job))
        }
        return decisions + tellWaiting()
    }

    /// The run's title with the count of jobs waiting for their turn, or without it once none
    /// wait; only when `--jobs` made any wait, and only when the count changed.
    private mutating func tellWaiting() -> [Decision] {
        guard policy.limit < count, waiting.count != toldWaiting else { return [] }
        toldWaiting = waiting.count
        return [.title(waiting.isEmpty ? title : "\(title), \(waiting.count) waiting")]
    }

    /// Every job has ended: the run ends as the first failure, or with 0.
    private mutating func finishIfDone(_ decisions: inout [Decision]) {
        guard running.isEmpty, waiting.isEmpty, !finished else { return }
        finished = true
        decisions.append(.finish(failure?.end ?? .exited(0)))
    }
}
