import LoadWrapCore
import LoadWrapProcess

/// What a control message changes for the run, for the run controller to act on.
package enum ControlEffect: Equatable {
    /// The title shown is now this; `restored` when a nested run ended and nothing new is announced.
    case title(String, restored: Bool)
    /// The progress shown is now this (nil: just busy).
    case progress(LoadProgress?)
    /// `loadwrap done`: stop the spinner, with the message.
    case done(String?)
    /// A loadwrap beside this one is about to write on the terminal: the line goes.
    case makeWay
    /// The runs going side by side under this one are now these (none: the line alone).
    case rows([SiblingRow])
    /// A nested run that started beside a sibling: the title shown is now this, with no line of
    /// its own, as its held block is headed by its start line (`ControlMessage.hold`).
    case titleBesideSibling(String)
    /// A nested run left its held block for this run to write (`SiblingBlocks`).
    case block(pid: Int32)
    /// A run nested in this one started: what runs side by side share is made now, at the first,
    /// not at every run's start (`SiblingBlocks.makeTurn`).
    case nestedRunStarted
    /// A run nested in a nested run ended, as the run tree has it: the one of whose end no
    /// loadwrap writes a line itself (`endsUnreported`), so plain mode writes one for it.
    case stepEnded(RunTree.Run)
}

/// Reads what the command (`loadwrap say`/`done`) or a nested loadwrap says over the control
/// channel: the runs it tells of go into the run tree kept here, and what the terminal shows of
/// them comes out as effects; when another loadwrap draws the one spinner (this run is nested, or
/// beside it in a pipeline), everything goes on to it instead.
package final class ControlHandler {
    /// This run and every run it heard of.
    package private(set) var tree: RunTree
    /// The loadwrap that draws the spinner when this one does not.
    private let upstream: Upstream?
    /// Whether titles join with ` › ` (UTF-8) or ` > `.
    private let utf8: Bool

    /// A handler for a run titled `title` that started at `nowMS`; its tree keeps the runs that
    /// ended when `keepsEnded` (a file written at the end needs them all).
    package init(title: String, upstream: Upstream?, utf8: Bool, nowMS: Int, keepsEnded: Bool = false) {
        tree = RunTree(base: title, nowMS: nowMS, keepsEnded: keepsEnded)
        self.upstream = upstream
        self.utf8 = utf8
    }

    /// Nested runs that hold their output for a block, until they end.
    private var holding: Set<Int32> = []

    /// The progress last shown, or last sent upstream, as its figures: a value that would look
    /// the same is not passed on (output can carry thousands a second).
    private var shownProgress: String?

    /// What one message, read at `nowMS`, changes, in order. One that goes on upstream changes
    /// nothing here but the command's own `say` (nested runs send no other), which a held block
    /// writes where it came (`SiblingBlock.said`).
    package func handle(_ message: ControlMessage, nowMS: Int) -> [ControlEffect] {
        if let upstream {
            forward(message, to: upstream)
            if case .say(let text) = message { return [.title(text, restored: false)] }
            return []
        }
        switch message {
        case .say(let text): tree.say(text, nowMS: nowMS)
        case .push(let pid, let parent, let title): tree.start(pid: pid, place: .nested, parent: parent, title: title, nowMS: nowMS)
        case .join(let pid, let title, let before):
            tree.start(pid: pid, place: before ? .before : .after, title: title, nowMS: nowMS)
        case .peer(let pid, let title): tree.start(pid: pid, place: .peer, title: title, nowMS: nowMS)
        case .command(let pid, let line):
            tree.setCommand(line, pid: pid)
            return []
        case .pop(let pid, let status, let usualMS):
            let ended = tree.end(pid: pid, status: status, usualMS: usualMS, nowMS: nowMS).flatMap {
                endsUnreported($0) ? ControlEffect.stepEnded($0) : nil
            }
            return popped(pid) + (ended.map { [$0] } ?? [])
        case .done(let text): return [.done(text)]
        case .progress(let value): tree.setOwnProgress(value)
        case .entryProgress(let pid, let value): tree.setProgress(value, pid: pid)
        case .makeWay: return [.makeWay]
        case .hold(let pid): holding.insert(pid)
        case .block(let pid): return [.block(pid: pid)]
        }
        var effects: [ControlEffect] = []
        if case .push = message { effects.append(.nestedRunStarted) }
        switch message {
        case .push(let pid, let parent, _) where holding.contains(pid) || holding.contains(parent):
            // A run nested in a held step: its output is held with that step's, and so is its start.
            holding.insert(pid)
            effects.append(.titleBesideSibling(tree.display(utf8: utf8)))
        case .say, .push, .join, .peer: effects.append(.title(tree.display(utf8: utf8), restored: false))
        default: break
        }
        if let change = progressChange(tree.progress) { effects.append(change) }
        if let rows = rowsChange() { effects.append(rows) }
        return effects
    }

    /// This run ended, as `status` says, usually taking `usualMS`: its own record in the tree.
    package func finish(status: ChildEnd, usualMS: Int?, nowMS: Int) {
        tree.finish(status: status, usualMS: usualMS, nowMS: nowMS)
    }

    /// What a nested run's end changes: the title back, the progress and the rows.
    private func popped(_ pid: Int32) -> [ControlEffect] {
        holding.remove(pid)
        return [.title(tree.display(utf8: utf8), restored: true)] + [progressChange(tree.progress), rowsChange()].compactMap { $0 }
    }

    /// Whether no loadwrap writes the end line of `run`, which ended as it says: a run nested in a
    /// nested run (its parent not this one), whose stderr is its parent's command's, not this
    /// run's log (`SiblingBlock` and its end line are for runs this one's command started), and
    /// whose output is not held with its parent's.
    private func endsUnreported(_ run: RunTree.Run) -> Bool {
        run.place == .nested && run.parent != 0 && run.status != nil && !holding.contains(run.pid)
    }

    /// The rows last shown.
    private var shownRows: [SiblingRow] = []

    /// The rows to show, when they differ from the last shown.
    private func rowsChange() -> ControlEffect? {
        let rows = tree.rows(utf8: utf8)
        guard rows != shownRows else { return nil }
        shownRows = rows
        return .rows(rows)
    }

    /// The progress to show, when it looks different from the last shown.
    private func progressChange(_ value: LoadProgress?) -> ControlEffect? {
        let figures = value.map(Self.key)
        guard figures != shownProgress else { return nil }
        shownProgress = figures
        return .progress(value)
    }

    /// Passes a message on to the loadwrap that draws. Progress goes without waiting for it to be
    /// read, as it may come from the output, which must not stall; this run's own only when it
    /// looks different.
    private func forward(_ message: ControlMessage, to upstream: Upstream) {
        switch message {
        case .progress(let value):
            let figures = value.map(Self.key)
            guard figures != shownProgress else { return }
            shownProgress = figures
            upstream.client.send(upstream.forwarded(message), settleMS: 0)
        case .entryProgress, .makeWay:
            upstream.client.send(message, settleMS: 0)
        default:
            upstream.client.send(upstream.forwarded(message))
        }
    }

    /// What a value looks like on the line: its figures, to the whole percent.
    private static func key(_ value: LoadProgress) -> String {
        value.figures + (value.total == nil ? "" : " \(Int(value.fraction * 100))")
    }
}
