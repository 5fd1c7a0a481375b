import LoadWrapKit
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

    /// Tries the turn at once: a run that gets it streams from its start, as alone.
    /// A run that holds its output shares `running` until it ends, so that the outer waits
    /// for its block at its own end.
    init(turn: SiblingLock, running: SiblingLock?, upstream: Upstream, frame: BlockFrame, directory: String,
         spillDirectory: String) {
        (self.turn, self.upstream, self.frame, self.directory) = (turn, upstream, frame, directory)
        startTime = time(nil)
        guard !turn.tryTake() else { return }
        held = HeldOutput(directory: spillDirectory)
        _ = running?.tryTake(shared: true)
        queue = SiblingQueue(directory: directory, startNS: Self.monotonicNS())
    }

    /// Now on the system-wide monotonic clock, in nanoseconds: a place in line.
    private static func monotonicNS() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }

    /// The block that `upstream` leads to, when the loadwrap above is in plain mode and this
    /// run's stderr is its log (`SiblingBlocks.markLog`).
    package static func beside(_ upstream: Upstream?, frame: BlockFrame, spillDirectory: String) -> SiblingBlock? {
        guard let upstream, let turn = upstream.live, let directory = upstream.directory,
              SiblingBlocks.isLog(2, directory: directory) else { return nil }
        return SiblingBlock(turn: turn, running: upstream.running, upstream: upstream, frame: frame,
                            directory: directory, spillDirectory: spillDirectory)
    }

    /// True while the output is held for a block.
    package var isHeld: Bool { held != nil }

    /// Writes `chunk` to `fd` with the turn, holds it otherwise; the turn is tried first when
    /// this run is the oldest waiting (the line is looked at on `retry`, not per chunk).
    package func output(_ chunk: UnsafeRawBufferPointer, to fd: Int32) -> Bool {
        if queue?.isFirst ?? true { streamIfFree(to: fd) }
        if let held {
            held.append(chunk)
            return true
        }
        if let last = chunk.last { atLineStart = last == 0x0A }
        return FileDescriptorIO.writeAll(fd, chunk)
    }

    /// The command said `title` (`loadwrap say`): while the output is held, its line goes in the
    /// block where it came, as a run alone writes it (`▸ title`). Once this run streams, the
    /// loadwrap above has its line, as for any nested run.
    package func said(_ title: String) {
        guard let held else { return }
        let line = (held.endsAtLineStart ? "" : "\n") + frame.startLine(title)
        Array(line.utf8).withUnsafeBytes { held.append($0) }
    }

    /// Tries the turn again while the output is held, if this run is the oldest waiting.
    package func retry(to fd: Int32) {
        guard held != nil, queue?.lookIfFirst() ?? true else { return }
        streamIfFree(to: fd)
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
    /// streamed from its start with others held beside it; one still held writes its block now if
    /// the turn is free, whatever its place in line, else leaves it for the loadwrap above. The
    /// turn goes either way.
    package func finish(_ outcome: Outcome, elapsedMS: Int, to fd: Int32) {
        end(frame.footer(outcome, elapsedMS: elapsedMS, unixTime: time(nil)), to: fd) { beside in
            beside ? frame.endLine(outcome, elapsedMS: elapsedMS) : ""
        }
    }

    /// The command could not be started, or loadwrap had to end it: the one-line `reason` takes
    /// the end line's place, after what was held, in the block as a run alone writes it.
    package func abandon(_ reason: String, to fd: Int32) {
        end(frame.footer(reason: reason, unixTime: time(nil)), to: fd) { _ in frame.reasonLine(reason) }
    }

    /// Ends the block with `footer` (`finish`); a run that streamed without its own start line
    /// ends with `unheaded`, told whether others were held beside it.
    private func end(_ footer: String, to fd: Int32, unheaded: (_ beside: Bool) -> String) {
        defer {
            queue?.leave()
            turn.release()
        }
        streamIfFree(to: fd)
        guard let held else {
            let end = headed ? footer : unheaded(SiblingQueue.anyBeside(in: directory))
            if !end.isEmpty { FileDescriptorIO.writeAll(fd, (atLineStart ? "" : "\n") + end) }
            return
        }
        if leave(held, footer: footer) { return }
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
}
