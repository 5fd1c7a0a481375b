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

    /// Acts on one message.
    func handle(_ message: ControlMessage) {
        if let upstream {
            upstream.client.send(upstream.forwarded(message))
            return
        }
        switch message {
        case .say(let text): titles.base = text
        case .push(let pid, let title): titles.push(pid: pid, title: title)
        case .join(let pid, let title, let before): titles.join(pid: pid, title: title, before: before)
        case .pop(let pid): titles.pop(pid: pid)
        case .done(let text): return onDone(text)
        }
        let title = titles.display(utf8: utf8)
        if case .pop = message {
            presenter.titleRestored(title)
        } else {
            presenter.titleChanged(title)
        }
    }
}
