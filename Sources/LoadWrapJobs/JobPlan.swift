/// What the runner of several `-c` commands is told: the commands, how many run at once, what a
/// failure does, and how each inner loadwrap runs. The loadwrap that shows them runs the runner
/// as its one command, `loadwrap --job-runner ARGUMENTS`, so that every option of a run (the
/// mode, `--timeout`, `--retry`, `--log`, the end line) applies to the whole set unchanged.
///
/// The arguments are positional, written and read only here: `arguments` and
/// `init?(arguments:)` are each other's inverse (`JobPlanTests`).
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

    /// The commands, in the order given.
    var jobs: [Job]
    /// How many run at once (`--jobs`).
    var limit: Int
    /// `--fail-fast`.
    var failFast: Bool
    /// `--kill-after`: after `--fail-fast`'s SIGTERM, milliseconds until SIGKILL.
    var killAfterMS: Int
    /// Lines on a terminal begin with their command's name (not `--no-prefix`).
    var prefix: Bool
    /// The prefixes in colour (`--color`, `NO_COLOR`).
    var color: Bool
    /// Each command's output held unless it fails (`--quiet`, `--tail`).
    var quiet: Bool
    /// The run's title, which the runner adds the waiting count to.
    var title: String

    /// The fields before the commands.
    private static let headerCount = 7

    /// The plan as the runner's arguments, after `verb`.
    package var arguments: [String] {
        [String(limit), Self.flag(failFast), String(killAfterMS), Self.flag(prefix), Self.flag(color), Self.flag(quiet), title]
            + jobs.flatMap { [$0.name, $0.title, $0.line] }
    }

    /// Reads `arguments`; nil when they are not a plan's.
    package init?(arguments: [String]) {
        guard arguments.count > Self.headerCount, (arguments.count - Self.headerCount) % 3 == 0,
            let limit = Int(arguments[0]), limit > 0, let killAfterMS = Int(arguments[2]), killAfterMS >= 0,
            let failFast = Self.flag(arguments[1]), let prefix = Self.flag(arguments[3]),
            let color = Self.flag(arguments[4]), let quiet = Self.flag(arguments[5])
        else { return nil }
        let rest = arguments[Self.headerCount...]
        let jobs = stride(from: rest.startIndex, to: rest.endIndex, by: 3).map { Job(name: rest[$0], title: rest[$0 + 1], line: rest[$0 + 2]) }
        self.init(jobs: jobs, limit: limit, failFast: failFast, killAfterMS: killAfterMS, prefix: prefix, color: color,
                  quiet: quiet, title: arguments[6])
    }

    /// Holds the plan.
    package init(
        jobs: [Job], limit: Int, failFast: Bool, killAfterMS: Int, prefix: Bool, color: Bool, quiet: Bool, title: String
    ) {
        (self.jobs, self.limit, self.failFast, self.killAfterMS) = (jobs, limit, failFast, killAfterMS)
        (self.prefix, self.color, self.quiet, self.title) = (prefix, color, quiet, title)
    }

    /// The inner loadwrap that runs `job`: titled, quiet when asked, the line in `/bin/sh -c`. The
    /// title is attached to its option: a separate word starting with `-` would be taken for an
    /// option, and the title of `-c '-x'` is `-x`.
    func innerArguments(_ job: Job) -> [String] {
        ["--title=" + job.title] + (quiet ? ["--quiet"] : []) + ["--", ShellCommand.shell, "-c", job.line]
    }

    private static func flag(_ value: Bool) -> String { value ? "1" : "0" }

    private static func flag(_ word: String) -> Bool? {
        switch word {
        case "1": return true
        case "0": return false
        default: return nil
        }
    }
}
