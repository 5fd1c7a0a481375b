import LoadWrapCore
import LoadWrapProcess
import LoadWrapRuns

/// The one owner of stderr for a run: every byte loadwrap writes there, its own lines and the
/// command's relayed output, goes through the presenter of the mode, which alone knows whether
/// the cursor is at the start of a line. The run controller tells it what happened (the relays hand
/// it the output); it decides what to show.
protocol Presenter: OutputSink {
    /// The command has started.
    func started()
    /// `loadwrap say` or a nested run that started changed the title.
    func titleChanged(_ title: String)
    /// A nested run ended: the title is back to what it was, nothing new to announce.
    func titleRestored(_ title: String)
    /// The command (or a run nested in it) said how far it has got; nil: back to just busy.
    func progressChanged(_ progress: LoadProgress?)
    /// The runs going side by side under this one changed: one row each (none: the line alone).
    func rowsChanged(_ rows: [SiblingRow])
    /// The spinner stopped while the command runs on.
    func stoppedEarly(_ stop: EarlyStop, elapsedMS: Int)
    /// The command has ended (after any early stop): held output if it failed, then the end line.
    func finished(_ outcome: Outcome, elapsedMS: Int, afterEarlyStop: Bool)
    /// The command failed and runs again (`--retry`): the attempt's display ends, with its end
    /// line and `note` unless `--result never`; held output stays held for the attempts after it.
    func retrying(_ outcome: Outcome, elapsedMS: Int, note: String)
    /// The command could not be started: `message` is the one-line reason. After a failed attempt
    /// (`--retry`) this ends the run, so what was held of the attempts before it is shown first.
    func failedToStart(_ message: String)
    /// loadwrap had to end the command while it ran: held output, then `message`, the one-line
    /// reason, in place of the end line.
    func cannotGoOn(_ message: String)
    /// When `tick` next has something to do (a frame, a heartbeat), or nil.
    var deadlineMS: Int? { get }
    /// Acts on time passing.
    func tick()
    /// The terminal changed size.
    func resized()
    /// loadwrap is about to stop (Ctrl-Z): nothing of its own may stay on the screen.
    func suspend()
    /// A key typed on the real terminal sent a signal (Ctrl-C, Ctrl-\, Ctrl-Z) to the command
    /// and loadwrap together; the terminal may have echoed it over the spinner.
    func signalKeyTyped()
    /// loadwrap continues after a stop.
    func resume()
    /// A loadwrap beside this one on the same terminal is about to write there: nothing of this
    /// one's may stay on the screen until it has.
    func makeWay()
    /// A run nested in this one started (`ControlEffect.nestedRunStarted`).
    func nestedRunStarted()
    /// A run nested beside a sibling left its block, to be written once nothing streams.
    func blockWaiting(pid: Int32)
    /// A run nested in a nested run ended, as the run tree has it, and no loadwrap writes its end
    /// line (`ControlEffect.stepEnded`).
    func stepEnded(_ run: RunTree.Run)
    /// After `finished`: what the presenter keeps of every run, from `tree` (the job summary),
    /// this run having ended as `outcome` after `elapsedMS`.
    func summarize(_ tree: RunTree, outcome: Outcome, elapsedMS: Int)
}

extension Presenter {
    func titleRestored(_ title: String) {}
    func progressChanged(_ progress: LoadProgress?) {}
    func rowsChanged(_ rows: [SiblingRow]) {}
    func resized() {}
    func suspend() {}
    func signalKeyTyped() {}
    func resume() {}
    func makeWay() {}
    func nestedRunStarted() {}
    func blockWaiting(pid: Int32) {}
    func stepEnded(_ run: RunTree.Run) {}
    func summarize(_ tree: RunTree, outcome: Outcome, elapsedMS: Int) {}
    func failedToStart(_ message: String) { StandardStreams.err(message + "\n") }
    /// Where nothing of the run is drawn, as a start that failed.
    func cannotGoOn(_ message: String) { failedToStart(message) }
}
