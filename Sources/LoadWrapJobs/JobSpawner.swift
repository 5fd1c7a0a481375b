import LoadWrapProcess

/// What the runner of several commands asks of the processes that run them, so that the runner
/// can be driven in tests without any (`JobRunnerTests`); `InnerJobs` is the real one: an inner
/// loadwrap per job.
protocol JobSpawner: AnyObject {
    /// Starts job `job`: nil once it runs, or the end it counts as when it could not be started
    /// (the spawner has said why on stderr).
    func start(_ job: Int) -> ChildEnd?

    /// Waits until something happens or the clock passes `deadlineMS` (nil: no deadline), and
    /// returns what happened, in order; possibly nothing.
    func wait(untilMS deadlineMS: Int?) -> [JobReport]

    /// `--fail-fast`'s SIGTERM to these jobs' commands and all they started.
    func terminate(_ jobs: [Int])

    /// SIGKILL to every job still running and everything below the runner.
    func killAll()

    /// Sends `signo` to these jobs.
    func send(_ signo: Int32, to jobs: [Int])
}

/// What a spawner tells the runner.
enum JobReport: Equatable {
    /// Job `job` ended so.
    case ended(job: Int, ChildEnd)
    /// A signal that ends the run reached the runner; `alone` when the jobs did not get it too.
    case signal(Int32, alone: Bool)
}
