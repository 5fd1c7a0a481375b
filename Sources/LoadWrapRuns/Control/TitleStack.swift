import LoadWrapCore

/// The title the spinner shows and the rows under it. loadwrap's own title (changed by `loadwrap
/// say`), then the titles of nested loadwraps, `outer › inner › innermost`, as long as each runs
/// one at a time; loadwraps beside it in a pipeline before and after that, `gen | outer | parse`.
/// Where one loadwrap runs several side by side (`make -j`, `xargs -P`, `&`), those siblings are
/// rows instead, each with the chain of runs nested in it. Each entry may also know how far its
/// command has got; the line shows the innermost of its chain that does.
struct TitleStack: Sendable {
    /// One run's part of the line.
    private struct Entry: Sendable {
        let pid: Int32
        /// The loadwrap that ran it: 0 for this one (`ControlMessage.push`).
        var parent: Int32
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
    /// Runs on the same terminal in no pipeline with this one (a shell's `&`), oldest first.
    private var peers: [Entry] = []

    /// Starts with loadwrap's own title.
    init(base: String) {
        self.base = base
    }

    /// A nested loadwrap started under `parent` (0: under this one), or renamed itself (`loadwrap
    /// say` inside it): keeps its place.
    mutating func push(pid: Int32, parent: Int32 = 0, title: String) {
        if let index = nested.firstIndex(where: { $0.pid == pid }) {
            nested[index].title = title
        } else {
            nested.append(Entry(pid: pid, parent: parent, title: title))
        }
    }

    /// A loadwrap beside this one started, or renamed itself: keeps its place.
    mutating func join(pid: Int32, title: String, before isBefore: Bool) {
        if isBefore {
            Self.upsert(&before, pid: pid, title: title)
        } else {
            Self.upsert(&after, pid: pid, title: title)
        }
    }

    /// A loadwrap on the same terminal in no pipeline with this one started, or renamed itself.
    mutating func peer(pid: Int32, title: String) {
        Self.upsert(&peers, pid: pid, title: title)
    }

    /// A nested loadwrap, or one beside, ended. Runs it started that go on (a background job)
    /// move up to its parent.
    mutating func pop(pid: Int32) {
        if let gone = nested.first(where: { $0.pid == pid }) {
            for index in nested.indices where nested[index].parent == pid { nested[index].parent = gone.parent }
        }
        nested.removeAll { $0.pid == pid }
        before.removeAll { $0.pid == pid }
        after.removeAll { $0.pid == pid }
        peers.removeAll { $0.pid == pid }
    }

    /// A nested loadwrap, or one beside, knows how far its command has got; unknown pids are ignored.
    mutating func setProgress(_ progress: LoadProgress?, pid: Int32) {
        for index in nested.indices where nested[index].pid == pid { nested[index].progress = progress }
        for index in before.indices where before[index].pid == pid { before[index].progress = progress }
        for index in after.indices where after[index].pid == pid { after[index].progress = progress }
        for index in peers.indices where peers[index].pid == pid { peers[index].progress = progress }
    }

    /// The text to show: the chain of runs each running alone joined with ` › ` (` > ` when the
    /// terminal is not UTF-8), pipeline neighbours with ` | `.
    func display(utf8: Bool) -> String {
        let own = ([base] + chain(in: tree).map(\.title)).joined(by: Self.nesting(utf8))
        return (before.map(\.title) + [own] + after.map(\.title)).joined(by: " | ")
    }

    /// The rows under the line: one per run on the same terminal beside this one (a shell's `&`),
    /// then one per run of those started side by side by the same loadwrap (the last of the chain,
    /// or this one), oldest first, each titled with the runs nested in it; none while runs go one
    /// at a time.
    func rows(utf8: Bool) -> [SiblingRow] {
        let tree = tree
        let kids = tree.children[chain(in: tree).last?.pid ?? 0] ?? []
        return (peers + (kids.count > 1 ? kids : [])).map { run in
            let family = [run] + tree.descendants(of: run.pid)
            return SiblingRow(id: run.pid, title: family.map(\.title).joined(by: Self.nesting(utf8)),
                              progress: family.reversed().lazy.compactMap(\.progress).first)
        }
    }

    /// The progress to show on the line: the innermost run of its chain that has one, else the
    /// first of its pipeline neighbours that has one.
    var progress: LoadProgress? {
        chain(in: tree).reversed().lazy.compactMap(\.progress).first ?? baseProgress
            ?? (before + after).lazy.compactMap(\.progress).first
    }

    /// The nested runs by the one that started them, built in one pass for each question: each
    /// control message asks, and `-j` can have hundreds going.
    private struct Tree {
        /// The runs each run started (0: this one), oldest first.
        var children: [Int32: [Entry]] = [:]
        /// Each run's place in the order they started.
        var order: [Int32: Int] = [:]

        /// Every run below `pid`, oldest first.
        func descendants(of pid: Int32) -> [Entry] {
            var found: [Entry] = []
            var next = children[pid] ?? []
            while let entry = next.popLast() {
                found.append(entry)
                next += children[entry.pid] ?? []
            }
            return found.sorted { order[$0.pid, default: 0] < order[$1.pid, default: 0] }
        }
    }

    /// The tree of nested runs now. A run whose parent this loadwrap never heard of (a message
    /// lost to a full channel) counts as this loadwrap's; runs nested in a peer are that peer's.
    private var tree: Tree {
        var tree = Tree()
        let known = Set(nested.map(\.pid)).union(peers.map(\.pid))
        for (index, entry) in nested.enumerated() {
            tree.children[known.contains(entry.parent) ? entry.parent : 0, default: []].append(entry)
            tree.order[entry.pid] = index
        }
        return tree
    }

    /// The nested runs on the line: from this one down, each the only run its parent has going.
    private func chain(in tree: Tree) -> [Entry] {
        var chain: [Entry] = []
        var kids = tree.children[0] ?? []
        while kids.count == 1 {
            chain.append(kids[0])
            kids = tree.children[kids[0].pid] ?? []
        }
        return chain
    }

    private static func nesting(_ utf8: Bool) -> String {
        utf8 ? " › " : " > "
    }

    private static func upsert(_ list: inout [Entry], pid: Int32, title: String) {
        if let index = list.firstIndex(where: { $0.pid == pid }) {
            list[index].title = title
        } else {
            list.append(Entry(pid: pid, parent: 0, title: title))
        }
    }
}
