import LoadWrapCore
import LoadWrapProcess

/// Every run the loadwrap that draws has heard of, fed by the control messages: itself, the
/// loadwraps nested in its command (a tree, by the loadwrap whose command ran each), those beside
/// it in a pipeline (`gen | loadwrap … | parse`), and those on the same terminal in no pipeline
/// with it (a shell's `&`). Each run has its title and renames, its progress, and when it started
/// and ended. What loadwrap shows of other runs is a view over it (`RunTree+Views.swift`): the
/// line's `outer › inner` chain, the rows of runs side by side, the progress on the line; the
/// model after BuildKit's progressui, whose one model of vertexes feeds every writer.
///
/// A run that ended leaves the live views at once; its record stays only when `keepsEnded` (the
/// files written at the end need every run), so a long build keeps no more than what runs.
package struct RunTree: Sendable {
    /// Where a run stands to the loadwrap that keeps the tree.
    package enum Place: Sendable, Equatable {
        /// The loadwrap that keeps the tree.
        case own
        /// Run by this loadwrap's command, or by a run nested in it.
        case nested
        /// Beside this one in a pipeline: to its left, or to its right.
        case before, after
        /// On the same terminal in no pipeline with this one.
        case peer
    }

    /// A title a run took, and when.
    package struct Titled: Sendable, Equatable {
        package let ms: Int
        package let title: String
    }

    /// One run.
    package struct Run: Sendable, Equatable {
        /// The order runs were heard of in: 0 for this loadwrap, then 1, 2, …
        package let id: Int
        /// Its loadwrap's pid (0 for this loadwrap); a pid can come back once its run ended.
        package let pid: Int32
        package let place: Place
        /// The run whose command ran it (`id`); nil for this loadwrap and runs not nested.
        package let parent: Int?
        /// The pid its message named as its parent, which the live views follow; it moves up to the
        /// grandparent when the parent ends first (a background job).
        package var parentPid: Int32
        /// Each title it took, with when: its first at its start, then each `loadwrap say`; the
        /// last alone unless the tree keeps ended runs.
        package var titles: [Titled]
        /// Its title now.
        package var title: String { titles[titles.count - 1].title }
        /// When it was heard of, and when it ended (nil: still running), on the tree's clock.
        package let startMS: Int
        package var endMS: Int?
        /// How far its command has got, as last heard.
        package var progress: LoadProgress?
        /// How its loadwrap ended, as it told: its exit status or its signal; nil while it runs,
        /// or when it did not say.
        package var status: ChildEnd?
        /// How long it usually takes, as its loadwrap read its history at its end; nil when
        /// unknown, or when it ended too soon to be slower than usual (`SlowerThanUsual`).
        package var usualMS: Int?
        /// Its command line as its title would show it, when its loadwrap told
        /// (`ControlMessage.command`, `setOwnCommand`).
        package var command: String?
    }

    /// Every run kept, in the order heard of; the first is this loadwrap.
    package private(set) var runs: [Run]
    /// Whether ended runs stay in `runs`.
    package let keepsEnded: Bool
    /// The index in `runs` of each pid's live run.
    private var live: [Int32: Int] = [:]
    /// The id the next run gets.
    private var nextID = 1

    /// A tree with this loadwrap alone, titled `base`, started at `nowMS`.
    package init(base: String, nowMS: Int, keepsEnded: Bool = false) {
        runs = [Run(id: 0, pid: 0, place: .own, parent: nil, parentPid: 0, titles: [Titled(ms: nowMS, title: base)],
                    startMS: nowMS)]
        self.keepsEnded = keepsEnded
    }

    /// This loadwrap's own run.
    package var own: Run { runs[0] }

    /// This loadwrap's title changed (`loadwrap say` from its command).
    mutating func say(_ title: String, nowMS: Int) {
        rename(0, to: title, nowMS: nowMS)
    }

    /// This loadwrap's own run ended, as `status` says, usually taking `usualMS`.
    package mutating func finish(status: ChildEnd, usualMS: Int? = nil, nowMS: Int) {
        runs[0].endMS = nowMS
        runs[0].status = status
        runs[0].usualMS = usualMS
    }

    /// This loadwrap's own command line, as its title would show it.
    package mutating func setOwnCommand(_ line: String) {
        runs[0].command = line
    }

    /// The command line of `pid`'s run; a pid not running is ignored.
    mutating func setCommand(_ line: String, pid: Int32) {
        guard let index = live[pid] else { return }
        runs[index].command = line
    }

    /// How far this loadwrap's own command has got (`loadwrap progress`, `--progress-from`).
    mutating func setOwnProgress(_ progress: LoadProgress?) {
        runs[0].progress = progress
    }

    /// A run started at `place` (under the run of pid `parent`, 0: this one, when nested), or one
    /// still running renamed itself: a pid heard again keeps its run, and its place.
    mutating func start(pid: Int32, place: Place, parent: Int32 = 0, title: String, nowMS: Int) {
        if let index = live[pid] {
            rename(index, to: title, nowMS: nowMS)
            return
        }
        let parentID = place == .nested ? (parent == 0 ? 0 : live[parent].map { runs[$0].id } ?? 0) : nil
        live[pid] = runs.count
        runs.append(Run(id: nextID, pid: pid, place: place, parent: parentID, parentPid: place == .nested ? parent : 0,
                        titles: [Titled(ms: nowMS, title: title)], startMS: nowMS))
        nextID += 1
    }

    /// The run of `pid` ended, as `status` says when it said, usually taking `usualMS`; a pid not
    /// running is ignored (nil). Runs it started that go on (a background job) count as its
    /// parent's in the live views, as the line shows them. Returns the run as it ended.
    @discardableResult
    mutating func end(pid: Int32, status: ChildEnd? = nil, usualMS: Int? = nil, nowMS: Int) -> Run? {
        guard let index = live.removeValue(forKey: pid) else { return nil }
        let gone = runs[index]
        for other in live.values where runs[other].parentPid == pid { runs[other].parentPid = gone.parentPid }
        runs[index].endMS = nowMS
        runs[index].status = status
        runs[index].usualMS = usualMS
        let ended = runs[index]
        if !keepsEnded { forget(index) }
        return ended
    }

    /// How far the command of `pid`'s run has got; a pid not running is ignored.
    mutating func setProgress(_ progress: LoadProgress?, pid: Int32) {
        guard let index = live[pid] else { return }
        runs[index].progress = progress
    }

    /// The runs still going, in the order they started.
    package var running: [Run] {
        live.values.sorted().map { runs[$0] }
    }

    /// Takes a new title for the run at `index`, after the ones before when ended runs are kept.
    private mutating func rename(_ index: Int, to title: String, nowMS: Int) {
        guard runs[index].title != title else { return }
        if !keepsEnded { runs[index].titles.removeAll(keepingCapacity: true) }
        runs[index].titles.append(Titled(ms: nowMS, title: title))
    }

    /// Drops the ended run at `index`; the live runs after it move down one place.
    private mutating func forget(_ index: Int) {
        runs.remove(at: index)
        for (pid, other) in live where other > index { live[pid] = other - 1 }
    }
}
