import LoadWrapJobs
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `loadwrap` command: parse the arguments, pick the mode, run the command, end as it did.
package enum Launcher {
    /// Runs loadwrap with `arguments` (without argv[0]) and never returns.
    package static func main(_ arguments: [String]) -> Never {
        StandardDescriptors.fillClosed()
        let invocation: Invocation
        do {
            // The parser reads the snapshot only for a run (its defaults); the run then uses the same.
            invocation = try ArgumentParser.parse(arguments, environment: ProcessEnvironment.snapshot)
        } catch {
            StandardStreams.err(error.rendered())
            exit(error.exitCode)
        }
        switch invocation {
        case .help: StandardStreams.out(HelpText.render())
        case .version: StandardStreams.out(LoadWrapVersion.line)
        case .listSpinners: StandardStreams.out(SpinnerList.render())
        case .manual: StandardStreams.out(ManualPage.render())
        case .completions(let shell): StandardStreams.out(shell.script())
        case .run(let options) where options.commands.count > 1: runJobs(options)
        case .run(let options): Session(options, environment: ProcessEnvironment.snapshot).run()
        case .runJobs(let plan): JobRunner.main(plan, environment: ProcessEnvironment.snapshot)
        case .say(let text): talkBack(.say(text))
        case .done(let text): talkBack(.done(text))
        case .progress(let value): talkBack(.progress(value))
        case .clearHistory: HistoryStore(environment: ProcessEnvironment.snapshot)?.clear()
        }
        exit(0)
    }

    /// Several `-c`: runs loadwrap itself as the runner of the commands (`JobPlan`), found by the
    /// kernel's path to this executable; without one, loadwrap cannot run them (125).
    private static func runJobs(_ options: Options) -> Never {
        guard let executable = Platform.executablePath() else {
            StandardStreams.err("Error: Cannot find loadwrap's own executable to run several commands.\n")
            exit(125)
        }
        Session(options.runningJobs(executable: executable), environment: ProcessEnvironment.snapshot).run()
    }

    /// Sends `message` to the loadwrap running this process. Outside any loadwrap, `say` prints its
    /// text as a plain line on stderr and `done` and `progress` do nothing, so scripts stay portable.
    private static func talkBack(_ message: ControlMessage) {
        if let client = ControlClient(environment: ProcessEnvironment.snapshot), client.send(message) {
            client.disconnect()
        } else if case .say(let text) = message {
            StandardStreams.err(text + "\n")
        }
    }
}
