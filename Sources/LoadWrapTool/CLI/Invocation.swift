import LoadWrapCore
import LoadWrapJobs

/// What the command line asks loadwrap to do.
enum Invocation: Equatable, Sendable {
    /// Run the command with these options.
    case run(Options)
    /// Print `HelpText.render()` to stdout and exit 0.
    case help
    /// Print `LoadWrapVersion.line` to stdout and exit 0.
    case version
    /// Print `SpinnerList.render()` to stdout and exit 0.
    case listSpinners
    /// Print `ManualPage.render()` (roff) to stdout and exit 0.
    case manual
    /// Print the completion script for the shell to stdout and exit 0.
    case completions(CompletionShell)
    /// `loadwrap say TEXT`: from inside a command, change the spinner's title.
    case say(String)
    /// `loadwrap done [TEXT]`: from inside a command, stop the spinner now.
    case done(String?)
    /// `loadwrap progress VALUE` or `--clear` (nil): from inside a command, how far it has got.
    case progress(LoadProgress?)
    /// `loadwrap history --clear`: forget every remembered run, exit 0.
    case clearHistory
    /// Run several `-c` commands as the runner under the loadwrap that shows them (`JobPlan`).
    case runJobs(JobPlan)
}
