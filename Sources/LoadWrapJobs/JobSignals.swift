import CLoadWrap
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signals the runner of several commands catches, and what it does with them. It leaves
/// job control alone (SIGTSTP and SIGCONT stay at their defaults): it shares its group with the
/// inners, so a stop reaches them all from the terminal or the loadwrap above.
package struct JobSignals {
    /// A death to collect, and the signals that end a run. A resize is left alone: the loadwrap
    /// that reads the commands' terminals sizes them (`JobTerminals`).
    static let caught = [SIGCHLD, SIGINT, SIGQUIT, SIGTERM, SIGHUP]

    /// Internal, set by the runner for its inners while it leads the process group they share
    /// with their commands: the loadwrap above then signals that whole group (`Wrapper.forward`),
    /// so an inner passing the signal on would give its command a second one. Not a user setting,
    /// and no command gets it (`Wrapper.start`): a loadwrap a command starts is no inner, and
    /// must pass on a signal sent to it alone.
    package static let groupVariable = "LOADWRAP_INTERNAL_GROUP_SIGNALED"

    /// Whether this loadwrap is such an inner: what a process sends it, its command has too.
    package static let groupSignaled = getenv(groupVariable).map { String(cString: $0) == "1" } == true

    /// Deliveries, as bytes on a pipe.
    let pipe: SignalPipe
    /// Whether what signals the runner, from the loadwrap above or the terminal, signals the
    /// inners too: the runner leads its process group, which the loadwrap above signals whole.
    let groupSignaled = getpgrp() == getpid()

    /// Catches `caught`; ignores SIGPIPE, as loadwrap does while its command runs, so a vanished
    /// reader of the prefixed lines cannot end the runner before its commands.
    init() throws(SpawnError) {
        pipe = try SignalPipe(catching: Self.caught, traits: Platform.traits)
        let ignoredPipe = lw_signal_is_ignored(SIGPIPE) != 0
        signal(SIGPIPE, SIG_IGN)
        defaultInInners = pipe.caught + (ignoredPipe ? [] : [SIGPIPE])
    }

    /// What the inners get back at their default action: what the runner catches, and SIGPIPE
    /// unless it was ignored when the runner started.
    let defaultInInners: [Int32]

    /// Whether `delivery` reached the runner alone, so the inners did not get it too: a process
    /// sent it to the runner only, which does not lead the group the loadwrap above signals
    /// (loadwrap's own rule for a command in its group: `Wrapper.forward`).
    func sentToRunnerAlone(_ delivery: SignalPipe.Delivery) -> Bool {
        delivery.sentByProcess && !groupSignaled
    }

    /// `--fail-fast`'s SIGTERM to one inner's command and all it started (not to the inner, which
    /// ends as its command does); false, with nothing sent, while the inner has not started its
    /// command yet: a signal to the inner itself could be taken for one its group got and dropped
    /// (`groupSignaled`). SIGCONT after it wakes a stopped one to act on it, as
    /// `Wrapper.signalTree` does. `table` is the process table, read once for all the inners.
    static func terminate(_ inner: pid_t, in table: [ProcessEntry]) -> Bool {
        let below = ProcessTree.descendants(of: inner, in: table)
        for pid in below {
            kill(pid, SIGTERM)
            kill(pid, SIGCONT)
        }
        return !below.isEmpty
    }
}
