import LoadWrapProcess
/// The usual duration read from the history once, when the overlay draws its first frame: a
/// command that ends before then never touches the disk. The read runs on a thread of its own
/// (`BackgroundWork`); the first frame waits for it a moment, later frames only look.
final class UsualLookup {
    /// No read before this (the end of `--delay`).
    private let fromMS: Int
    /// The read: the usual duration, or nil when there is none.
    private let read: @Sendable () -> Int?
    private var work: BackgroundWork<Int?>?
    /// True once the read has been started (or could not be).
    private var started = false

    /// A look-up that will run `read` from `fromMS` on.
    init(fromMS: Int, read: @escaping @Sendable () -> Int?) {
        self.fromMS = fromMS
        self.read = read
    }

    /// The usual duration, once, when it has just become known; nil before, after, and when the
    /// command has none. The first call at or after `fromMS` starts the read.
    func take(nowMS: Int) -> Int? {
        if !started {
            guard nowMS >= fromMS else { return nil }
            started = true
            work = BackgroundWork.start(read)
            return collect(waitingMS: History.readWaitMS)
        }
        return collect(waitingMS: 0)
    }

    private func collect(waitingMS ms: Int) -> Int? {
        guard let work, let value = work.value(waitingMS: ms) else { return nil }
        self.work = nil
        return value
    }
}
