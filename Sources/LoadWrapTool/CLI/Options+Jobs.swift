import LoadWrapJobs
import LoadWrapProcess

extension Options {
    /// One `-c`: the ordinary run of `/bin/sh -c LINE`, titled with its name or its line.
    mutating func runAlone() {
        command = commands[0].argv
        title = title ?? commands[0].title
    }

    /// Several `-c`: this run's command becomes the runner (`executable --job-runner PLAN`), which
    /// starts an inner loadwrap per command; each reports to this one as a sibling. The run's
    /// title is `-t`, else `N commands`. The command kept here names the jobs and nothing of the
    /// run's terminal, so it is the same key for the history every time; what `--quiet`, `--tail`
    /// and `--no-prefix` mean for the commands is `ModePick`'s to decide (`RunMeaning`), and the
    /// plan the runner is given says it (`runnerCommand`).
    func runningJobs(executable: String) -> Options {
        var outer = self
        outer.title = title ?? "\(commands.count) commands"
        outer.command = [executable, JobPlan.verb] + outer.jobPlan(quiet: false, channel: nil).arguments
        return outer
    }

    /// The runner's command for a run that means `meaning`, handing the commands' own terminals
    /// over the socket at `channel` in the runner (`JobTerminals`), or nil when there are none.
    func runnerCommand(_ meaning: RunMeaning, channel: Int32?) -> [String] {
        Array(command.prefix(2)) + jobPlan(quiet: meaning.jobsQuiet, channel: channel).arguments
    }

    /// The labelled terminals of the commands, beside the run's own, in colour when `color`.
    func jobTerminals(color: Bool) -> JobTerminals {
        JobTerminals(names: ShellCommand.shortNames(commands), color: color)
    }

    /// The plan of the commands: each with its short name and title, `-j`, `--fail-fast`.
    private func jobPlan(quiet: Bool, channel: Int32?) -> JobPlan {
        let names = ShellCommand.shortNames(commands)
        let jobs = zip(commands, names).map { JobPlan.Job(name: $1, title: $0.title, line: $0.line) }
        let policy = JobPlan.Policy(limit: min(jobs.count, self.jobs ?? jobs.count), failFast: failFast, killAfterMS: killAfterMS)
        let appearance = JobPlan.Appearance(channel: channel, quiet: quiet)
        return JobPlan(jobs: jobs, policy: policy, appearance: appearance, title: title ?? "\(commands.count) commands")
    }
}
