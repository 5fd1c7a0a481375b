/// The title the spinner shows: loadwrap's own (changed by `loadwrap say`), then the titles of
/// nested loadwraps in the order they started: `outer › inner › innermost`.
struct TitleStack: Sendable {
    /// loadwrap's own title.
    var base: String
    /// Nested runs still going, oldest first.
    private var nested: [(pid: Int32, title: String)] = []

    /// Starts with loadwrap's own title.
    init(base: String) {
        self.base = base
    }

    /// A nested loadwrap started, or renamed itself (`loadwrap say` inside it): keeps its place.
    mutating func push(pid: Int32, title: String) {
        if let index = nested.firstIndex(where: { $0.pid == pid }) {
            nested[index].title = title
        } else {
            nested.append((pid, title))
        }
    }

    /// A nested loadwrap ended.
    mutating func pop(pid: Int32) {
        nested.removeAll { $0.pid == pid }
    }

    /// The text to show, joined with ` › ` (` > ` when the terminal is not UTF-8).
    func display(utf8: Bool) -> String {
        ([base] + nested.map(\.title)).joined(separator: utf8 ? " › " : " > ")
    }
}
