import CLoadWrap
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The runner's side of the commands' terminals: a command's pseudo-terminal is opened when the
/// command starts and both its sides are handed at once to the loadwrap that labels the lines
/// (`JobTerminals`), so the descriptors open anywhere grow with the commands running, not with
/// the commands given (issue 43: 300 `-c` under macOS's 256 descriptors failed with "Too many
/// open files"). A descriptor in flight in a socket still counts (Linux refuses more in flight
/// than RLIMIT_NOFILE, unix(7) ETOOMANYREFS), so at most `window` records wait unanswered.
final class TerminalSender {
    /// Records sent and not yet answered, at most.
    static let window = 8

    /// The runner's end of the socket pair.
    private let channel: HandoverChannel
    /// The modes of the runner's own terminal, which the loadwrap above opened with the modes
    /// and output processing it wants the commands' terminals to have (`Plumbing.openTerminal`).
    private let modes: termios?
    /// The columns a label takes, which each command's terminal is narrower by.
    private let labelWidth: Int
    /// Records sent and not yet answered.
    private var unanswered = 0
    /// The loadwrap above is gone: the commands write where the runner does.
    private var gone = false

    /// The sender over the inherited socket `fd`, for commands with these short names.
    init(channel fd: Int32, names: [String]) {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)  // no inner inherits it
        channel = HandoverChannel(fd: fd)
        var modes = termios()
        self.modes = tcgetattr(2, &modes) == 0 ? modes : nil
        labelWidth = JobTerminals.labelWidth(of: names)
    }

    /// Opens job `job`'s terminal, sized as the runner's own less the label, and hands both sides
    /// above; returns the secondary side for the inner, which the caller closes once the inner
    /// holds it, or nil when the loadwrap above is gone. Throws when no terminal can be had (125).
    func open(for job: Int) throws(SpawnError) -> Int32? {
        guard awaitRoom() else { return nil }
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard lw_openpty(&primary, &secondary) == 0 else {
            throw .failed("pseudo-terminal", reason: String(cString: strerror(errno)))
        }
        defer { close(primary) }
        // Unchecked, as in PtyRelay: a terminal that refused keeps its defaults and still works.
        if var modes { tcsetattr(secondary, TCSANOW, &modes) }
        if let size = TerminalDevice(fd: 2)?.size {
            let narrower = JobTerminals.commandSize(of: size, labelWidth: labelWidth)
            lw_set_winsize(primary, narrower.rows, narrower.columns)
        }
        guard send(.terminal(job: job), descriptors: [primary, secondary]) else {
            close(secondary)
            return nil
        }
        return secondary
    }

    /// Tells the loadwrap above that job `job`'s inner has been collected: what it wrote is all in
    /// its terminal, which Darwin empties once its last secondary closes (`JobTerminals`).
    func ended(_ job: Int) {
        guard awaitRoom() else { return }
        _ = send(.ended(job: job))
    }

    /// Sends `record`; false, and the channel taken for gone, when it could not be.
    private func send(_ record: HandoverRecord, descriptors: [Int32] = []) -> Bool {
        guard channel.send(record.bytes, descriptors: descriptors) else {
            gone = true
            return false
        }
        unanswered += 1
        return true
    }

    /// Waits until fewer than `window` records are unanswered; false once the other side is gone.
    private func awaitRoom() -> Bool {
        takeAnswers()
        while !gone && unanswered >= Self.window {
            channel.waitReadable()
            takeAnswers()
        }
        return !gone
    }

    /// Counts the answers waiting (one byte a record).
    private func takeAnswers() {
        while !gone {
            switch channel.receive() {
            case .data(let bytes, let descriptors):
                unanswered -= bytes.count
                descriptors.forEach { _ = close($0) }
            case .nothing: return
            case .closed: gone = true
            }
        }
    }
}
