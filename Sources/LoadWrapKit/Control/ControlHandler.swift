/// Acts on what the command (`loadwrap say`/`done`) or a nested loadwrap says over the control
/// channel: titles go to the presenter, `done` stops the spinner early; when this run is itself
/// nested, everything goes on to the loadwrap above, which draws the one spinner.
final class ControlHandler {
    /// loadwrap's title and those of nested runs.
    private var titles: TitleStack
    /// The loadwrap above this one, when nested.
    private let upstream: ControlClient?
    /// Whether titles join with ` › ` (UTF-8) or ` > `.
    private let utf8: Bool
    private let presenter: any Presenter
    /// Called for `loadwrap done`, with its message.
    private let onDone: (String?) -> Void

    init(title: String, upstream: ControlClient?, utf8: Bool, presenter: any Presenter, onDone: @escaping (String?) -> Void) {
        titles = TitleStack(base: title)
        self.upstream = upstream
        self.utf8 = utf8
        self.presenter = presenter
        self.onDone = onDone
    }

    /// Acts on one message.
    func handle(_ message: ControlMessage) {
        if let upstream {
            upstream.send(Self.forwarded(message))
            return
        }
        switch message {
        case .say(let text): titles.base = text
        case .push(let pid, let title): titles.push(pid: pid, title: title)
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

    /// A message for the loadwrap above, from a nested one: its command's `say` renames this run's
    /// entry, its `done` ends it; nested runs below pass through.
    private static func forwarded(_ message: ControlMessage) -> ControlMessage {
        switch message {
        case .say(let text): return .push(pid: getpid(), title: text)
        case .done: return .pop(pid: getpid())
        case .push, .pop: return message
        }
    }
}
