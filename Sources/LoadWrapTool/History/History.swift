import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Remembered durations for one run: where they are, which command this is, and the rules for
/// touching the disk. Reading happens at the first frame, off the start-up path; writing after the
/// command ended and the terminal is restored; both on a thread that is waited for only briefly,
/// so a slow disk costs a missing figure, never time.
struct History: Sendable {
    /// Where runs are remembered.
    let store: HistoryStore
    /// The command as given; with the working directory, the key.
    let command: [String]
    /// `--delay`: a run that ends sooner never touches the disk (it never showed a spinner).
    let delayMS: Int

    /// How long loadwrap's exit waits for the write, at most, once the writer runs.
    static let writeBudgetMS = 5
    /// How long loadwrap's exit waits for the writer to get a processor, at most. Until it starts
    /// it has touched no disk, so this wait is for a busy machine, never for a hung disk; counted
    /// in the budget, it lost the runs of parallel jobs on a loaded machine (one in six, with two
    /// busy loops on two cores).
    static let writerStartMS = 1_000
    /// How long the end waits for the usual time once the reader runs: it is read only after a
    /// run of 5 s at least (`SlowerThanUsual`), so 100 ms at most is lost in it, and a loaded
    /// machine's slow read still makes its end line.
    static let endReadMS = 100
    /// How long the first frame waits for the read before it is drawn without the figure.
    static let readWaitMS = 2

    /// The history of `command` in `store`.
    init(store: HistoryStore, command: [String], delayMS: Int) {
        self.store = store
        self.command = command
        self.delayMS = delayMS
    }

    /// This run's key, from the working directory as it is now; nil when that cannot be read.
    func key() -> HistoryKey? {
        var buffer = [CChar](repeating: 0, count: 4097)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        let directory = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return HistoryKey(command: command, directory: directory)
    }

    /// The look-up of the usual duration, started by the overlay's first frame at or after `fromMS`.
    func lookup(fromMS: Int) -> UsualLookup {
        UsualLookup(fromMS: fromMS) { [self] in key().flatMap { HistoryEstimate.usualMS(store.runs(of: $0)) } }
    }

    /// The usual duration, read at the run's end (before it is remembered, so from earlier runs
    /// alone) for its end line and its record upstream; waits at most `writeBudgetMS` for the disk,
    /// a moment (`endReadMS`), so a slow disk costs the figure, never time.
    func usualAtEnd() -> Int? {
        let work = BackgroundWork.start { [self] () -> Int? in key().flatMap { HistoryEstimate.usualMS(store.runs(of: $0)) } }
        return work?.value(waitingMS: Self.endReadMS, toStartMS: Self.writerStartMS) ?? nil
    }

    /// Remembers a run that took `elapsedMS`, waiting at most `writeBudgetMS` for the disk; a run
    /// shorter than `--delay` is not remembered. Returns whether the write was seen to finish.
    @discardableResult
    func remember(elapsedMS: Int, succeeded: Bool) -> Bool {
        guard elapsedMS >= delayMS else { return false }
        let work = BackgroundWork.start { [self] () -> Bool in
            guard let key = key() else { return false }
            return store.remember(HistoryRecord(key: key, elapsedMS: elapsedMS, succeeded: succeeded, unixTime: time(nil)))
        }
        return work?.value(waitingMS: Self.writeBudgetMS, toStartMS: Self.writerStartMS) ?? false
    }
}
