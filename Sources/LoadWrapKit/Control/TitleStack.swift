/// The title the spinner shows: loadwrap's own (changed by `loadwrap say`), then the titles of
/// nested loadwraps in the order they started, `outer › inner › innermost`; and loadwraps beside
/// it in a pipeline before and after that, `gen | outer › inner | parse`.
struct TitleStack: Sendable {
    /// loadwrap's own title.
    var base: String
    /// Nested runs still going, oldest first.
    private var nested: [(pid: Int32, title: String)] = []
    /// Runs beside this one in a pipeline, to its left and to its right, oldest first.
    private var before: [(pid: Int32, title: String)] = []
    private var after: [(pid: Int32, title: String)] = []

    /// Starts with loadwrap's own title.
    init(base: String) {
        self.base = base
    }

    /// A nested loadwrap started, or renamed itself (`loadwrap say` inside it): keeps its place.
    mutating func push(pid: Int32, title: String) {
        Self.upsert(&nested, pid: pid, title: title)
    }

    /// A loadwrap beside this one started, or renamed itself: keeps its place.
    mutating func join(pid: Int32, title: String, before isBefore: Bool) {
        if isBefore {
            Self.upsert(&before, pid: pid, title: title)
        } else {
            Self.upsert(&after, pid: pid, title: title)
        }
    }

    /// A nested loadwrap, or one beside, ended.
    mutating func pop(pid: Int32) {
        nested.removeAll { $0.pid == pid }
        before.removeAll { $0.pid == pid }
        after.removeAll { $0.pid == pid }
    }

    /// The text to show: nested titles joined with ` › ` (` > ` when the terminal is not UTF-8),
    /// pipeline neighbours with ` | `.
    func display(utf8: Bool) -> String {
        let own = ([base] + nested.map(\.title)).joined(by: utf8 ? " › " : " > ")
        return (before.map(\.title) + [own] + after.map(\.title)).joined(by: " | ")
    }

    private static func upsert(_ list: inout [(pid: Int32, title: String)], pid: Int32, title: String) {
        if let index = list.firstIndex(where: { $0.pid == pid }) {
            list[index].title = title
        } else {
            list.append((pid, title))
        }
    }
}
