import LoadWrapCore

/// The title the spinner shows: loadwrap's own (changed by `loadwrap say`), then the titles of
/// nested loadwraps in the order they started, `outer › inner › innermost`; and loadwraps beside
/// it in a pipeline before and after that, `gen | outer › inner | parse`. Each entry may also
/// know how far its command has got; the spinner shows the innermost that does.
struct TitleStack: Sendable {
    /// One run's part of the line.
    private struct Entry: Sendable {
        let pid: Int32
        var title: String
        var progress: LoadProgress?
    }

    /// loadwrap's own title.
    var base: String
    /// How far loadwrap's own command has got (`loadwrap progress`, `--progress-from`).
    var baseProgress: LoadProgress?
    /// Nested runs still going, oldest first.
    private var nested: [Entry] = []
    /// Runs beside this one in a pipeline, to its left and to its right, oldest first.
    private var before: [Entry] = []
    private var after: [Entry] = []

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

    /// A nested loadwrap, or one beside, knows how far its command has got; unknown pids are ignored.
    mutating func setProgress(_ progress: LoadProgress?, pid: Int32) {
        for index in nested.indices where nested[index].pid == pid { nested[index].progress = progress }
        for index in before.indices where before[index].pid == pid { before[index].progress = progress }
        for index in after.indices where after[index].pid == pid { after[index].progress = progress }
    }

    /// The text to show: nested titles joined with ` › ` (` > ` when the terminal is not UTF-8),
    /// pipeline neighbours with ` | `.
    func display(utf8: Bool) -> String {
        let own = ([base] + nested.map(\.title)).joined(by: utf8 ? " › " : " > ")
        return (before.map(\.title) + [own] + after.map(\.title)).joined(by: " | ")
    }

    /// The progress to show: the innermost run of this one's own line that has one, else the
    /// first of its pipeline neighbours that has one.
    var progress: LoadProgress? {
        nested.reversed().lazy.compactMap(\.progress).first ?? baseProgress
            ?? (before + after).lazy.compactMap(\.progress).first
    }

    private static func upsert(_ list: inout [Entry], pid: Int32, title: String) {
        if let index = list.firstIndex(where: { $0.pid == pid }) {
            list[index].title = title
        } else {
            list.append(Entry(pid: pid, title: title))
        }
    }
}
