import LoadWrapCore

/// Acts on what the command (`loadwrap say`/`done`) or a nested loadwrap says over the control
/// channel: titles go to the presenter, `done` stops the spinner early; when another loadwrap draws
/// the one spinner (this run is nested, or beside it in a pipeline), everything goes on to it.
final class ControlHandler {
    /// loadwrap's title and those of nested runs.
    private var titles: TitleStack
    /// The loadwrap that draws the spinner when this one does not.
    private let upstream: Upstream?
    /// Whether titles join with ` › ` (UTF-8) or ` > `.
    private let utf8: Bool
    private let presenter: any Presenter
    /// Called for `loadwrap done`, with its message.
    private let onDone: (String?) -> Void

    init(title: String, upstream: Upstream?, utf8: Bool, presenter: any Presenter, onDone: @escaping (String?) -> Void) {
        titles = TitleStack(base: title)
        self.upstream = upstream
        self.utf8 = utf8
        self.presenter = presenter
        self.onDone = onDone
    }

    /// The progress last shown, or last sent upstream, as its figures: a value that would look
    /// the same is not passed on (output can carry thousands a second).
    private var shownProgress: String?

    /// Acts on one message.
    func handle(_ message: ControlMessage) {
        if let upstream {
            forward(message, to: upstream)
            return
        }
        switch message {
        case .say(let text): titles.base = text
        case .push(let pid, let title): titles.push(pid: pid, title: title)
        case .join(let pid, let title, let before): titles.join(pid: pid, title: title, before: before)
        case .pop(let pid): titles.pop(pid: pid)
        case .done(let text): return onDone(text)
        case .progress(let value): titles.baseProgress = value
        case .entryProgress(let pid, let value): titles.setProgress(value, pid: pid)
        }
        switch message {
        case .pop: presenter.titleRestored(titles.display(utf8: utf8))
        case .say, .push, .join: presenter.titleChanged(titles.display(utf8: utf8))
        default: break
        }
        showProgress(titles.progress)
    }

    /// Tells the presenter of a progress value that looks different from the last.
    private func showProgress(_ value: LoadProgress?) {
        let figures = value.map(Self.key)
        guard figures != shownProgress else { return }
        shownProgress = figures
        presenter.progressChanged(value)
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
        case .entryProgress:
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
