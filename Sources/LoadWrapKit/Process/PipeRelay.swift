/// Plain mode: the command's log-bound output (its stderr, and its stdout when that goes to the
/// same place) passes through a pipe, so loadwrap sees the log fall silent (heartbeats) and can
/// hold it back (`--quiet`). Output bound elsewhere, e.g. a data pipe, never comes through here.
final class PipeRelay: OutputRelay {
    /// The end loadwrap reads.
    private var readEnd: Int32
    /// The end the command writes, installed as its stderr (and stdout); closed once it runs.
    private(set) var writeEnd: Int32
    /// Where the relayed output goes: loadwrap's own stderr.
    let destination: Int32
    let held: HeldOutput?
    var tap: ((UnsafeRawBufferPointer) -> Void)?
    private var closed = false
    private let clock: any TimeSource
    private let heartbeat: Heartbeat?
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// What a silence is and what to say after one.
    struct Heartbeat {
        /// Milliseconds of silence in the log before a line.
        var intervalMS: Int
        /// The line to write, given the milliseconds since the command started.
        var line: (Int) -> String
        /// When the command started.
        var startMS: Int
    }

    /// When the log last saw a byte, from the command or a heartbeat.
    private var lastActivityMS: Int
    /// Whether the log's last byte ended a line: a heartbeat after a partial line (a progress
    /// bar, a prompt) starts a line of its own instead of joining it.
    private(set) var logAtLineStart = true

    /// Creates the pipe; `quiet` holds output back instead of passing it on.
    init(destination: Int32, quiet: Bool, heartbeat: Heartbeat?, clock: any TimeSource) throws(SpawnError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw .failed("pipe", reason: String(cString: strerror(errno))) }
        readEnd = fds[0]
        writeEnd = fds[1]
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
        self.destination = destination
        self.held = quiet ? HeldOutput() : nil
        self.heartbeat = heartbeat
        self.clock = clock
        lastActivityMS = clock.nowMS()
    }

    deinit {
        if readEnd >= 0 { close(readEnd) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Closes loadwrap's copy of the write end, so the pipe reports end of file when the command is done.
    func releaseWriteEnd() {
        close(writeEnd)
        writeEnd = -1
    }

    var pollFD: Int32? { closed ? nil : readEnd }

    func relayAvailable(maxReads: Int) {
        guard !closed else { return }
        let outcome = FileDescriptorIO.readChunks(readEnd, into: &buffer, maxReads: maxReads) { chunk in
            pass(chunk)
            return !closed  // the reader went away: stop before reading a closed descriptor
        }
        if outcome == .ended { closed = true }
    }

    func tick() {
        guard let heartbeat else { return }
        let now = clock.nowMS()
        guard now - lastActivityMS >= heartbeat.intervalMS else { return }
        writeLine(heartbeat.line(now - heartbeat.startMS))
    }

    /// Writes one of loadwrap's own lines (a heartbeat, a say) into the log, on a line of its own.
    func writeLine(_ line: String) {
        FileDescriptorIO.writeAll(destination, (logAtLineStart ? "" : "\n") + line)
        logAtLineStart = line.utf8.last == 0x0A
        lastActivityMS = clock.nowMS()
    }

    func timeoutMS() -> Int32 {
        guard let heartbeat else { return -1 }
        return Int32(clamping: max(0, lastActivityMS + heartbeat.intervalMS - clock.nowMS()))
    }

    /// Holds or writes one chunk; only what reaches the log counts as activity.
    private func pass(_ chunk: UnsafeRawBufferPointer) {
        tap?(chunk)
        if let held {
            held.append(chunk)
        } else if FileDescriptorIO.writeAll(destination, chunk) {
            lastActivityMS = clock.nowMS()
            if let last = chunk.last { logAtLineStart = last == 0x0A }
        } else {
            readerGone()
        }
    }

    /// The destination refused the bytes (EPIPE: `| head` has exited). Closing the read end passes
    /// that on: the command's next write fails with SIGPIPE, as it would bare.
    private func readerGone() {
        closed = true
        close(readEnd)
        readEnd = -1
    }
}
