import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loadwrap that draws the one spinner when this one does not: the one this run is nested
/// under, or the one beside it on the same terminal (the other side of a pipe). This run's title
/// shows on that spinner, `outer › inner` or `gen | parse`, while it runs.
///
/// A class: copying an optional struct of these fields went through the optional's metadata, whose
/// first use cost ~29 k instructions before every spawn, nested or not (callgrind,
/// docs/benchmarks.md); a reference is retained instead.
package final class Upstream {
    /// How this run's title joins the other's.
    package enum Relation: Equatable {
        /// Run by the other's command: `outer › inner`.
        case nested
        /// Beside it in a pipeline, to its left (`before`) or right: `gen | parse`.
        case beside(before: Bool)
        /// Beside it on the same terminal in no pipeline with it (a shell's `&`): a row of its own.
        case peer
    }

    /// The other loadwrap's control channel.
    let client: ControlClient
    let relation: Relation
    /// The turn among runs nested side by side under the other, when it is in plain mode.
    let live: SiblingLock?
    /// The lock runs that held their output share until they end; with `live` only.
    let running: SiblingLock?
    /// The other's private directory, where a held block is left for it; with `live` only.
    let directory: String?

    /// Reports to `client` as `relation`; a nested run takes part in the turn beside the FIFO at
    /// `hostChannel`, the other's, when that one hosts blocks (`SiblingBlocks.hostsBlocks`).
    package init(client: ControlClient, relation: Relation, hostChannel: String? = nil) {
        (self.client, self.relation) = (client, relation)
        let directory = relation == .nested ? hostChannel?.directoryPart : nil
        live = directory.flatMap { SiblingLock.open(SiblingLock.live, inDirectory: $0) }
        running = live == nil ? nil : directory.flatMap { SiblingLock.open(SiblingLock.running, inDirectory: $0) }
        self.directory = live == nil ? nil : directory
    }

    /// Shows `title` as this run's entry on the other's spinner; a run that holds its output for
    /// a block says so first, so the other writes no start line of its own for it. Its `command`
    /// line follows, for the other's run tree (the files written at the end show it); not waited
    /// for, as nothing on the terminal depends on it.
    package func announce(_ title: String, held: Bool = false, command: String? = nil) {
        if held { client.send(.hold(pid: getpid())) }
        client.send(entry(title))
        if let command { client.send(.command(pid: getpid(), line: command), settleMS: 0) }
    }

    /// Asks the loadwrap that draws to take its line away and give this run the terminal's turn;
    /// not waited for: the turn itself says when it has.
    func askForTurn() {
        client.send(.makeWay(pid: getpid()), settleMS: 0)
    }

    /// Removes this run's entry, saying how the run ended when it did (nil: it did not run to
    /// an end, as when it could not start), and its usual time when known.
    package func leave(status: ChildEnd? = nil, usualMS: Int? = nil) {
        client.send(.pop(pid: getpid(), status: status, usualMS: usualMS))
    }

    /// What a message from this run's own command (or a run nested in it) becomes upstream: its
    /// `say` renames this run's entry, its `done` ends it; nested runs below pass through, those
    /// this run's command started named as its children.
    func forwarded(_ message: ControlMessage) -> ControlMessage {
        switch message {
        case .say(let text): return entry(text)
        case .done: return .pop(pid: getpid())
        case .progress(let value): return .entryProgress(pid: getpid(), value)
        // A run nested in this one's command: this run is its parent.
        case .push(let pid, 0, let title): return .push(pid: pid, parent: getpid(), title: title)
        case .push, .command, .pop, .join, .peer, .entryProgress, .makeWay, .hold, .block: return message
        }
    }

    private func entry(_ title: String) -> ControlMessage {
        switch relation {
        case .nested: return .push(pid: getpid(), title: title)
        case .beside(let before): return .join(pid: getpid(), title: title, before: before)
        case .peer: return .peer(pid: getpid(), title: title)
        }
    }
}
