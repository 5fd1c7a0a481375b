import CLoadWrap
import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A nested loadwrap's part in keeping its siblings' output apart, under a loadwrap in plain mode
/// (`SiblingLock`): with the turn, its command's output streams as it would alone; without it, the
/// output is held (in memory, then an unlinked private file: `HeldOutput`) until this run is the
/// oldest waiting (`SiblingQueue`) and gets the turn, when its start line, what it held and the
/// rest stream, closed by its end line. A run
/// that ends still without the turn does not wait for it, which would keep the caller (a `make
/// -j` slot) busy: it leaves its whole block in a file in the outer's private directory and tells
/// the outer, which writes it once it has the turn (`SiblingBlocks`).
///
/// A run that loses its outer (killed, even by SIGKILL, or ended while this one still runs) goes
/// on without it: it has a copy of the outer's log (`SiblingBlocks.handover`), writes there what
/// it holds once it has the turn, streams the rest there, and at its end writes the blocks other
/// runs left for the outer. The turn still keeps them apart: its locks are open descriptors, which
/// outlive the outer.
package final class SiblingBlock {
    private let turn: SiblingLock
    /// The loadwrap above, told about a block left for it.
    private let upstream: Upstream
    private let frame: BlockFrame
    /// The outer loadwrap's private directory, where a block is left.
    private let directory: String
    /// What the command wrote while another run had the turn; nil once this one has it.
    private var held: HeldOutput?
    /// This run's place among those waiting for the turn, while it waits.
    private var queue: SiblingQueue?
    /// Whether this run's output began with its own start line, so its end line closes it.
    private var headed = false
    /// Whether the last byte written ended a line.
    private var atLineStart = true
    /// When the run started, in seconds since the epoch: a GitLab section's start.
    private let startTime: Int
    /// The connection to the outer's handover socket, until it closes; -1 when there is none.
    private var handover: Int32 = -1
    /// The outer's log, as the outer handed it over; -1 until then.
    private var log: Int32 = -1
    /// True once the outer is gone and this run writes to `log` itself.
    private var orphaned = false

    /// Tries the turn at once: a run that gets it streams from its start, as alone.
    /// Every run that takes part shares `running` until it ends, so that the outer waits for its
    /// block, or the last of its stream, at its own end.
    init(turn: SiblingLock, running: SiblingLock?, upstream: Upstream, frame: BlockFrame, directory: String,
         spillDirectory: String) {
        (self.turn, self.upstream, self.frame, self.directory) = (turn, upstream, frame, directory)
        startTime = time(nil)
        // Every run that takes part, the one that streams too, shares `running` until it ends, so
        // that the outer, at its end, relays what each wrote to the log pipe before it ended.
        _ = running?.tryTake(shared: true)
        guard !turn.tryTake() else { return }
        held = HeldOutput(directory: spillDirectory)
        queue = SiblingQueue(directory: directory, startNS: Self.monotonicNS())
    }

    /// Connects to the outer's handover socket, once this run has announced itself
    /// (`Upstream.announce`): the outer makes the socket as it reads the first nested run's start
    /// (`SiblingBlocks.makeTurn`), not for every run whether anything nests in it or not.
    package func connectHandover() {
        handover = Self.connect(directory + "/" + SiblingBlocks.handover)
    }

    /// Connects to the outer's handover socket at `path`. The outer makes it as it reads the first
    /// nested run's start, so a run may come before it: not there yet (ENOENT), or bound but not
    /// yet listening (ECONNREFUSED, unix(7)); such a run waits for it, `pause` after `pause` (a
    /// millisecond each), up to `handoverWaitMS`: far longer than the outer takes to read a
    /// message and make the socket, even on a loaded machine.
    static func connect(_ path: String, pause: () -> Void = { usleep(1_000) }) -> Int32 {
        var waitedMS = 0
        while true {
            let fd = lw_connect_unix(path)
            guard fd < 0, errno == ENOENT || errno == ECONNREFUSED, waitedMS < handoverWaitMS else { return fd }
            pause()
            waitedMS += 1
        }
    }

    /// How long a nested run waits for the outer's handover socket to be made.
    static let handoverWaitMS = 2_000

    /// Where output bound for `fd` (the log pipe to the outer) goes: the outer's log itself once
    /// the outer is gone.
    private func destination(_ fd: Int32) -> Int32 {
        orphaned ? log : fd
    }

    /// Now on the system-wide monotonic clock, in nanoseconds: a place in line.
    private static func monotonicNS() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The block that `upstream` leads to, when the loadwrap above hosts blocks and this run's
    /// stderr is its log (`SiblingBlocks.hostsBlocks`). The frame is made only then: its texts
    /// cost ~30 k instructions before every spawn (callgrind).
    package static func beside(_ upstream: Upstream?, frame: @autoclosure () -> BlockFrame, spillDirectory: String) -> SiblingBlock? {
        guard let upstream, let turn = upstream.live, let directory = upstream.directory else { return nil }
        return SiblingBlock(turn: turn, running: upstream.running, upstream: upstream, frame: frame(),
                            directory: directory, spillDirectory: spillDirectory)
    }

    /// True while the output is held for a block.
    package var isHeld: Bool { held != nil }

    /// Writes `chunk` to `fd` with the turn, holds it otherwise; the turn is tried first when
    /// this run is the oldest waiting (the line is looked at on `retry`, not per chunk).
    func output(_ chunk: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        if queue?.isFirst ?? true { streamIfFree(to: destination(fd)) }
        if let held {
            held.append(chunk)
            return true
        }
        if let last = chunk.last { atLineStart = last == 0x0A }
        if FileDescriptorIO.writeAll(destination(fd), chunk) { return true }
        // EPIPE from the log pipe: its reader, the outer, died before its socket's end was read
        // here. The kernel closes a dying process's descriptors one by one (exit_files), so the
        // socket's end may follow a moment later.
        guard !orphaned, handover >= 0 else { return false }
        var entry = pollfd(fd: handover, events: Int16(POLLIN), revents: 0)
        _ = poll(&entry, 1, Self.outerGoneWaitMS)
        receive()
        return orphaned && FileDescriptorIO.writeAll(log, chunk)
    }

    /// How long a failed write to the log pipe waits for the outer's socket to close.
    private static let outerGoneWaitMS: Int32 = 500

    /// The command said `title` (`loadwrap say`): while the output is held, its line goes in the
    /// block where it came, as a run alone writes it (`▸ title`). Once this run streams, the
    /// loadwrap above has its line, as for any nested run.
    func said(_ title: String) {
        guard let held else { return }
        let line = (held.endsAtLineStart ? "" : "\n") + frame.startLine(title)
        Array(line.utf8).withUnsafeBytes { held.append($0) }
    }

    /// Tries the turn again while the output is held, if this run is the oldest waiting.
    func retry(to fd: Int32) {
        guard held != nil, queue?.lookIfFirst() ?? true else { return }
        streamIfFree(to: destination(fd))
    }

    /// Takes the turn if it is free now: the start line and what was held go to `fd`, and the rest
    /// streams after them.
    private func streamIfFree(to fd: Int32) {
        guard let held, turn.tryTake() else { return }
        self.held = nil
        queue?.leave()
        queue = nil
        headed = true
        FileDescriptorIO.writeAll(fd, frame.header(unixTime: startTime))
        held.replay(to: fd)
        atLineStart = held.endsAtLineStart
    }

    /// The command ended as `outcome`: a run that was headed gets its end line, as does one that
    /// streamed from its start, alone or with others held beside it (issue 44: a nested step's
    /// time and status are in the log either way); one still held writes its block now if
    /// the turn is free, whatever its place in line, else leaves it for the loadwrap above. The
    /// turn goes either way.
    func finish(_ outcome: Outcome, elapsedMS: Int, to fd: Int32) {
        end(frame.footer(outcome, elapsedMS: elapsedMS, unixTime: time(nil)), to: fd) { _ in
            frame.endLine(outcome, elapsedMS: elapsedMS)
        }
    }

    /// The command could not be started, or loadwrap had to end it: the one-line `reason` takes
    /// the end line's place, after what was held, in the block as a run alone writes it.
    func abandon(_ reason: String, to fd: Int32) {
        end(frame.footer(reason: reason, unixTime: time(nil)), to: fd) { _ in frame.reasonLine(reason) }
    }

    /// Ends the block with `footer` (`finish`); a run that streamed without its own start line
    /// ends with `unheaded`, told whether others were held beside it.
    private func end(_ footer: String, to fd: Int32, unheaded: (_ beside: Bool) -> String) {
        defer {
            queue?.leave()
            turn.release()
        }
        receive()  // an outer gone meanwhile is known before anything is left for it
        let fd = destination(fd)
        streamIfFree(to: fd)
        guard let held else {
            let end = headed ? footer : unheaded(SiblingQueue.anyBeside(in: directory))
            if !end.isEmpty { FileDescriptorIO.writeAll(fd, (atLineStart ? "" : "\n") + end) }
            if orphaned { writeLeftBlocks(to: fd) }
            return
        }
        // With the outer gone, no one would write a block left for it: this run waits for the
        // turn (flock(2) sleeps until the holder lets it go or dies) and writes its block itself.
        if orphaned && turn.takeWaiting() {
            FileDescriptorIO.writeAll(fd, frame.header(unixTime: startTime))
            held.replay(to: fd)
            FileDescriptorIO.writeAll(fd, (held.endsAtLineStart ? "" : "\n") + footer)
            return writeLeftBlocks(to: fd)
        }
        if !orphaned && leave(held, footer: footer) { return }
        // No file for it: written now, beside whatever streams, rather than lost.
        FileDescriptorIO.writeAll(fd, frame.header(unixTime: startTime))
        held.replay(to: fd)
        FileDescriptorIO.writeAll(fd, (held.endsAtLineStart ? "" : "\n") + footer)
    }

    /// Writes the whole block into a private file (0600) under a name the outer loadwrap does not
    /// read, links it to the one it reads once complete, and tells it; false when it cannot. A
    /// link, unlike a rename, never replaces a file: one an earlier process of the same pid left
    /// for the outer to write is kept.
    private func leave(_ held: HeldOutput, footer: String) -> Bool {
        let path = SiblingBlocks.path(in: directory, pid: getpid())
        let partial = path + ".part"
        let fd = open(partial, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var written = FileDescriptorIO.writeAll(fd, frame.header(unixTime: startTime))
        held.replay { written = FileDescriptorIO.writeAll(fd, $0) && written }
        written = FileDescriptorIO.writeAll(fd, (held.endsAtLineStart ? "" : "\n") + footer) && written
        close(fd)
        let linked = written && link(partial, path) == 0
        unlink(partial)
        guard linked else { return false }
        upstream.client.send(.block(pid: getpid()))
        return true
    }

    /// With the turn and the outer gone: writes to `fd` the blocks runs left for the outer that it
    /// did not write, each whole and once (each is removed as written, in the turn), oldest pid
    /// first as the outer writes those left unannounced.
    private func writeLeftBlocks(to fd: Int32) {
        for pid in SiblingBlocks.leftPids(in: directory) {
            SiblingBlocks.write(SiblingBlocks.path(in: directory, pid: pid)) { FileDescriptorIO.writeAll(fd, $0) }
        }
    }

    /// Reads the handover socket without waiting: the outer's log when it comes, and the end of
    /// the connection when the outer has gone, at which a held run tries the turn at once.
    private func receive() {
        while handover >= 0 {
            var received: Int32 = -1
            let result = lw_receive_fd(handover, &received)
            if result == 1 {
                if log >= 0 { close(log) }
                log = received
                continue
            }
            if result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return }
            // End of file, or ECONNRESET: the outer's end is closed, so the outer is gone.
            close(handover)
            handover = -1
            orphaned = log >= 0
            if orphaned, held != nil, queue?.lookIfFirst() ?? true { streamIfFree(to: log) }
        }
    }
}

/// The handover socket in the event loop: the outer's log, then its end, arrive as events.
extension SiblingBlock: EventSource {
    package func interests(into list: inout [PollInterest]) {
        if handover >= 0 { list.append(.readable(handover)) }
    }

    package func handle(_ fd: Int32, revents: Int16) {
        receive()
    }
}
