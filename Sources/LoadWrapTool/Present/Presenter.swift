import LoadWrapCore
import LoadWrapProcess

/// Why the spinner stopped while the command runs on.
enum EarlyStop: Equatable, Sendable {
    /// A line matched `--until`'s pattern.
    case matched
    /// The command said `loadwrap done`, with an optional message.
    case done(message: String?)
}

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
    /// A run nested beside a sibling left its block, to be written once nothing streams.
    func blockWaiting(pid: Int32)
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
    func blockWaiting(pid: Int32) {}
    func failedToStart(_ message: String) { StandardStreams.err(message + "\n") }
    /// Where nothing of the run is drawn, as a start that failed.
    func cannotGoOn(_ message: String) { failedToStart(message) }
}

/// The texts of loadwrap's own lines, the same in every mode that shows them.
struct ReportText {
    /// Marks, separators and colour.
    var lines: ReportLines
    /// When the end line is shown.
    var result: ResultRequest
    /// The run's title (the command line, or `--title`).
    var title: String
    /// `--success` and `--failure`.
    var successText: String?
    var failureText: String?
    /// The `--log` file, named on the end line of a failure; sanitised.
    var logPath: String? = nil
    /// Whether an attempt that is retried gets its end line: in every mode unless `--result never`,
    /// as the wait before the next attempt would otherwise go unexplained.
    var showsRetries = true

    /// The line for a spinner that stopped while the command runs on, or nil: a `done` message is
    /// always shown, a match only when successes are.
    func earlyStop(_ stop: EarlyStop, elapsedMS: Int) -> String? {
        var message: String?
        if case .done(let text) = stop { message = text }
        guard message != nil || result.shows(succeeded: true) else { return nil }
        let outcome: Outcome = stop == .matched ? .ready : .done
        return lines.end(message ?? successText ?? title, outcome: outcome, elapsedMS: elapsedMS)
    }

    /// The end line, or nil when `--result` does not want it.
    func end(_ outcome: Outcome, elapsedMS: Int) -> String? {
        guard result.shows(succeeded: outcome.succeeded) else { return nil }
        let note = outcome.succeeded ? nil : logPath.map { "log: " + $0 }
        return lines.end(endText(outcome), outcome: outcome, elapsedMS: elapsedMS, note: note)
    }

    /// The end line of an attempt that is retried, with `note` after its figures, or nil.
    func retry(_ outcome: Outcome, elapsedMS: Int, note: String) -> String? {
        guard showsRetries else { return nil }
        return lines.end(endText(outcome), outcome: outcome, elapsedMS: elapsedMS, note: note)
    }

    /// The end line without colour or line end, whatever `--result` says: a notification's text.
    func summary(_ outcome: Outcome, elapsedMS: Int) -> String {
        String(ReportLines(utf8: lines.utf8, color: false).end(endText(outcome), outcome: outcome, elapsedMS: elapsedMS).dropLast())
    }

    private func endText(_ outcome: Outcome) -> String {
        (outcome.succeeded ? successText : failureText) ?? title
    }
}
