import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whose turn it is to write on a terminal two loadwraps share (`gen | parse`, two started with
/// `&`): the one that draws holds the turn for as long as its line is on the screen, and the other,
/// which relays its command's output to the same terminal, writes only while it holds the turn.
/// So no byte of the other's ever lands on a drawn line, whatever the timing.
///
/// The turn is an advisory lock (flock(2)) on a file in the control channel's private directory of
/// the one that draws, made before it publishes the channel and removed with it. The file's
/// first 8 bytes count the other side's writes: the one that draws, taking the turn back, learns
/// that the cursor has moved since its line was last there.
package final class TerminalTurn {
    private let fd: Int32
    /// True while this process holds the turn.
    package private(set) var held = false
    /// The other side's write count when this side last held the turn.
    private var seenWrites: UInt64 = 0

    private init(fd: Int32) {
        self.fd = fd
    }

    /// The turn's file name in a control channel's directory.
    package static let fileName = "turn"

    /// The path of the turn of the loadwrap whose control channel is at `channelPath`.
    static func path(besideChannel channelPath: String) -> String {
        channelPath.directoryPart + "/" + fileName
    }

    /// Makes the turn file for the one that draws, or nil when it cannot be made safely.
    static func create(at path: String) -> TerminalTurn? {
        opening(path, flags: O_CREAT)
    }

    /// Opens the turn of the loadwrap that draws, or nil when it has none (it has gone, or is of
    /// a version without turns): then this side writes as it would alone.
    static func join(at path: String) -> TerminalTurn? {
        opening(path, flags: 0)
    }

    private static func opening(_ path: String, flags: Int32) -> TerminalTurn? {
        OwnLockFile.opened(path, flags: flags).map(TerminalTurn.init(fd:))
    }

    /// Takes the turn without waiting; true when this side holds it. For the one that draws,
    /// `othersWrote` then says whether the other side wrote since this side last held it.
    package func tryTake() -> Bool {
        if held { return true }
        held = flock(fd, LOCK_EX | LOCK_NB) == 0
        return held
    }

    /// True once, after `tryTake`, when the other side has written since this side last held the turn.
    package func othersWrote() -> Bool {
        let count = writes()
        defer { seenWrites = count }
        return count != seenWrites
    }

    /// Takes the turn, waiting up to `waitingMS` for the other side to let it go; true when taken.
    package func take(waitingMS: Int) -> Bool {
        var waitedMS = 0
        while !tryTake() {
            guard waitedMS < waitingMS else { return false }
            usleep(1_000)  // flock(2) has no timeout; a line's rest follows within milliseconds
            waitedMS += 1
        }
        return true
    }

    /// How many times the other side has written.
    package var othersWriteCount: UInt64 { writes() }

    /// Lets the turn go.
    package func release() {
        guard held else { return }
        _ = flock(fd, LOCK_UN)
        held = false
    }

    /// Takes the turn for the side that does not draw, asking the one that draws to take its line
    /// away (`makeWay`) when it holds the turn. A loadwrap that draws gives it back within a turn
    /// of its event loop; one that is stopped (SIGSTOP alone) or busy is waited for `patienceMS`,
    /// after which the output goes anyway: the command must never stall behind a spinner.
    package func take(patienceMS: Int = 1_000, makeWay: () -> Void) {
        if tryTake() { return }
        makeWay()
        _ = take(waitingMS: patienceMS)
    }

    /// Waits, up to `patienceMS`, for the other side to write after it asked for the turn: the one
    /// that draws relays none of its own command's output meanwhile, so what the other side's
    /// command wrote first still shows first, as bare.
    package func awaitOthersWrite(patienceMS: Int = 1_000) {
        let before = seenWrites
        var waitedMS = 0
        while writes() == before && waitedMS < patienceMS {
            usleep(1_000)  // the other side writes as soon as it has the turn, within milliseconds
            waitedMS += 1
        }
    }

    /// Counts one write of the side that does not draw; called while it holds the turn.
    package func countWrite() {
        guard held else { return }
        var count = writes() &+ 1
        _ = withUnsafeBytes(of: &count) { pwrite(fd, $0.baseAddress, 8, 0) }
    }

    private func writes() -> UInt64 {
        var count: UInt64 = 0
        let n = withUnsafeMutableBytes(of: &count) { pread(fd, $0.baseAddress, 8, 0) }
        return n == 8 ? count : 0
    }

    /// Closes the file, which lets the turn go; its name goes with the control channel.
    func letGo() {
        close(fd)
    }
}
