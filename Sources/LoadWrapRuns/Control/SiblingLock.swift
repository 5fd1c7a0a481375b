import CLoadWrap
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The locks that keep apart the output of loadwraps nested side by side under one in plain mode
/// (`make -j4` running a loadwrap per target). `live` is the turn: the oldest run holds it and
/// streams its command's output live; the others hold theirs and write it as one block once they
/// have the turn, or leave it as a file for the outer loadwrap to write when it gets the turn
/// (`SiblingBlock`, `SiblingBlocks`). So no two of them ever share a stretch of the log, as mise's
/// keep-order does for the tasks it runs side by side. `running` is shared by every run that takes
/// part, until it has ended: the outer, at its end, takes it whole to know that no block, and
/// nothing of a stream, is still to come.
///
/// Each is an advisory lock (flock(2)) on a file beside the outer loadwrap's control FIFO, in its
/// private directory, made by whichever of the outer and a nested run opens it first and removed
/// with the directory; the kernel lets go of it when its holder ends, however it ends.
package final class SiblingLock {
    private let fd: Int32
    /// True while this process holds the lock.
    private(set) var held = false

    private init(fd: Int32) {
        self.fd = fd
    }

    /// The turn's file name in a control channel's directory.
    static let live = "live"
    /// The file name of the lock runs that held their output share until they end.
    static let running = "running"

    /// Opens the lock `name` in `directory`, the control directory of a loadwrap in plain mode that
    /// hosts blocks (`SiblingBlocks`), making it if it is not there yet: that loadwrap makes it as
    /// it reads the first nested run's start, which comes first. Both open the same file (flock(2)
    /// locks the file, whichever open came first); nil when it cannot be opened safely (nested
    /// loadwraps then stream as they would alone).
    static func open(_ name: String, inDirectory directory: String) -> SiblingLock? {
        OwnLockFile.opened(directory + "/" + name, flags: O_CREAT).map(SiblingLock.init(fd:))
    }

    /// Takes the lock without waiting, alone or `shared`; true when this process holds it.
    func tryTake(shared: Bool = false) -> Bool {
        if held { return true }
        held = flock(fd, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) == 0
        return held
    }

    /// Takes the lock alone, waiting up to `waitingMS` for its holders to let it go, and doing
    /// `meanwhile` between tries; true when taken.
    package func take(waitingMS: Int, meanwhile: () -> Void = {}) -> Bool {
        var waitedMS = 0
        while !tryTake() {
            guard waitedMS < waitingMS else { return false }
            meanwhile()
            usleep(5_000)  // flock(2) has no timeout
            waitedMS += 5
        }
        return true
    }

    /// Takes the lock alone, sleeping in flock(2) until its holders let it go (or die, when the
    /// kernel lets it go for them); true when taken.
    func takeWaiting() -> Bool {
        if held { return true }
        var result: Int32
        repeat { result = flock(fd, LOCK_EX) } while result != 0 && errno == EINTR
        held = result == 0
        return held
    }

    /// Lets the lock go.
    package func release() {
        guard held else { return }
        _ = flock(fd, LOCK_UN)
        held = false
    }
}
