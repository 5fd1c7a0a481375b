import LoadWrapJobs
extension Options {
    /// One `-c`: the ordinary run of `/bin/sh -c LINE`, titled with its name or its line.
    mutating func runAlone() {
        command = commands[0].argv
        title = title ?? commands[0].title
    }

    /// Several `-c`: this run's command becomes the runner (`executable --job-runner PLAN`), which
    /// starts an inner loadwrap per command; each reports to this one as a sibling. `--quiet` and
    /// `--tail` go to the inners, so a failing command's output shows whole and the others' not at
    /// all; `--tail` only where the run draws an `overlay`, as plain mode ignores it. The run's
    /// title is `-t`, else `N commands`. Lines get names only on an overlay too: plain mode's log
    /// keeps each command's output as written.
    func runningJobs(executable: String, color: Bool, overlay: Bool) -> Options {
        let names = ShellCommand.shortNames(commands)
        let jobs = zip(commands, names).map { JobPlan.Job(name: $1, title: $0.title, line: $0.line) }
        var outer = self
        outer.title = title ?? "\(commands.count) commands"
        let policy = JobPlan.Policy(limit: min(jobs.count, self.jobs ?? jobs.count), failFast: failFast, killAfterMS: killAfterMS)
        let appearance = JobPlan.Appearance(prefix: prefix && overlay, color: color, quiet: quiet || (overlay && tailLines != nil))
        let plan = JobPlan(jobs: jobs, policy: policy, appearance: appearance, title: outer.title ?? "")
        outer.command = [executable, JobPlan.verb] + plan.arguments
        outer.quiet = false
        outer.tailLines = nil
        return outer
    }
}
