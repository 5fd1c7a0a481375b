/// What the runner of several `-c` commands is told: the commands, how many run at once, what a
/// failure does, and how each inner loadwrap runs. The loadwrap that shows them runs the runner
/// as its one command, `loadwrap --job-runner ARGUMENTS`, so that every option of a run (the
/// mode, `--timeout`, `--retry`, `--log`, the end line) applies to the whole set unchanged.
///
/// The arguments are named fields, written and read only by `JobPlan+Arguments`.
package struct JobPlan: Equatable, Sendable {
    /// The first word that makes loadwrap the runner. It starts with `--`, so on any command line
    /// a user wrote before it existed it was an unknown option, never a command.
    package static let verb = "--job-runner"

    /// One command of the set.
    package struct Job: Equatable, Sendable {
        /// Its short name: its line prefix.
        var name: String
        /// Its title: its row, and its end line.
        var title: String
        /// The shell command line.
        var line: String

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(name: String, title: String, line: String) {
            self.name = name
            self.title = title
            self.line = line
        }
    }

    /// When the commands start and what a failure does to the others.
    package struct Policy: Equatable, Sendable {
        /// How many run at once (`--jobs`), at least 1.
        var limit: Int
        /// `--fail-fast`.
        var failFast: Bool
        /// `--kill-after`: after `--fail-fast`'s SIGTERM, milliseconds until SIGKILL.
        var killAfterMS: Int

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(limit: Int, failFast: Bool, killAfterMS: Int) {
            (self.limit, self.failFast, self.killAfterMS) = (limit, failFast, killAfterMS)
        }
    }

    /// Where the commands' output goes.
    package struct Appearance: Equatable, Sendable {
        /// Where the runner finds its end of the socket over which it hands each command's own
        /// terminal, opened as the command starts, to the loadwrap that labels their lines
        /// (`TerminalSender`, `JobTerminals`); nil: the commands write where the runner does.
        var channel: Int32?
        /// Each command's output held unless it fails (`--quiet`, `--tail`).
        var quiet: Bool

        /// Each stored property, as the memberwise initialiser has it, for the targets above.
        package init(channel: Int32?, quiet: Bool) {
            (self.channel, self.quiet) = (channel, quiet)
        }
    }

    /// The commands, in the order given.
    var jobs: [Job]
    /// When they start, and what a failure does.
    var policy: Policy
    /// How their output looks.
    var appearance: Appearance
    /// The run's title, which the runner adds the waiting count to.
    var title: String

    /// Holds the plan.
    package init(jobs: [Job], policy: Policy, appearance: Appearance, title: String) {
        (self.jobs, self.policy, self.appearance, self.title) = (jobs, policy, appearance, title)
    }

    /// The inner loadwrap that runs `job`: titled, quiet when asked, the line in `/bin/sh -c`. The
    /// title is attached to its option: a separate word starting with `-` would be taken for an
    /// option, and the title of `-c '-x'` is `-x`.
    func innerArguments(_ job: Job) -> [String] {
        ["--title=" + job.title] + (appearance.quiet ? ["--quiet"] : []) + ["--", ShellCommand.shell, "-c", job.line]
    }
}
