import CLoadWrap
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command's stdout when it is data bound elsewhere (a pipe, a file) and loadwrap must see it:
/// its reader shares the terminal (guest), or `--until` watches it. Bytes pass unchanged and are
/// never held: read and written while someone looks at them on the way, else in-kernel with
/// splice(2) (after `--until` matched, into a file). Each chunk is shown to `leaving` before it
/// leaves, so the spinner is gone before the reader prints it.
final class DataRelay: EventSource {
    /// The pipe the command writes.
    private let pipe: CommandPipe
    /// Where the data goes: loadwrap's stdout.
    private let destination: Int32
    /// Sees each chunk before it leaves (a guest erases its line and follows where the chunk leaves
    /// the reader's terminal: a partial line, an unfinished sequence).
    var leaving: ((UnsafeRawBufferPointer) -> Void)?
    /// Called before bytes a chunk left over (the pipe was full) go out: seen by `leaving` already.
    var resuming: (() -> Void)?
    /// Sees every chunk once on its way out (`--until`, `--progress-from`): what it reports follows the
    /// output that said it. With a tap bytes are copied, not spliced.
    var tap: ((UnsafeRawBufferPointer) -> Void)?
    /// True once the pipe has ended or its reader has gone.
    private(set) var closed = false
    /// True while the destination is full: the loop waits for room there, not for more data.
    private var waitingForRoom = false
    /// False once splice(2) turned out not to work here (not Linux, or not a pipe at either end).
    private var spliceWorks = true
    private let buffer = ReadBuffer(count: DataRelay.chunk)
    /// Copied bytes the destination has not taken yet: nothing more is read until it has.
    private var pending: [UInt8] = []
    /// Where copies are written without ever blocking the loop (a reader that stops reading,
    /// a pager stopped by Ctrl-Z, must not stop loadwrap's signals and output).
    private let output: NonBlockingOutput

    /// Creates the pipe the command writes.
    init(destination: Int32) throws(SpawnError) {
        pipe = try CommandPipe()
        self.destination = destination
        output = NonBlockingOutput(destination)
    }

    /// The end the command writes, until it holds its own copy.
    var writeEnd: Int32 { pipe.writeEnd }

    /// Closes loadwrap's copy of the write end, so the pipe reports end of file when the command is done.
    func releaseWriteEnd() {
        pipe.releaseWriteEnd()
    }

    func interests(into list: inout [PollInterest]) {
        guard !closed else { return }
        list.append(waitingForRoom ? .writable(destination) : .readable(pipe.readEnd))
    }

    func handle(_ fd: Int32, revents: Int16) {
        waitingForRoom = false
        relayAvailable(maxReads: Relay.readsPerTurn)
    }

    /// Moves what is waiting, at most `maxReads` chunks of 64 KiB. `finishing`: after the command
    /// ended, wait for room rather than leave data behind.
    func relayAvailable(maxReads: Int, finishing: Bool = false) {
        guard !closed else { return }
        if finishing { waitingForRoom = false }  // the end waits for room instead
        // Bytes a copy left over go first, whichever way the rest goes (a tap removed meanwhile).
        guard sendPending(finishing: finishing) else { return }
        let watched = tap != nil || leaving != nil
        if !watched && spliceWorks {
            splice(maxReads: maxReads, finishing: finishing)
        }
        if !closed && !waitingForRoom && (watched || !spliceWorks) {
            copy(maxReads: maxReads, finishing: finishing)
        }
    }

    /// Moves chunks in the kernel until the pipe is empty, the destination full, or the budget spent.
    private func splice(maxReads: Int, finishing: Bool) {
        var moves = 0
        while moves < maxReads {
            let n = lw_splice(pipe.readEnd, destination, Self.chunk)
            if n > 0 {
                moves += 1
            } else if n == 0 {
                closed = true
                return
            } else if errno == EINTR {
                continue
            } else if errno == EAGAIN {
                guard Self.unread(pipe.readEnd) > 0 else { return }  // nothing waiting: done for this turn
                if !finishing {
                    waitingForRoom = true
                    return
                }
                FileDescriptorIO.waitWritable(destination)
            } else if errno == EPIPE {
                return readerGone()
            } else {
                spliceWorks = false  // EINVAL, ENOSYS: copy from now on
                return
            }
        }
    }

    /// Reads and writes chunks, showing each to `leaving` before and to the tap after. What the
    /// destination does not take now waits in `pending`, and the loop waits for room.
    private func copy(maxReads: Int, finishing: Bool) {
        let outcome = FileDescriptorIO.readChunks(pipe.readEnd, into: buffer, maxReads: maxReads) { chunk in
            leaving?(chunk)
            let sent = send(chunk, finishing: finishing)
            tap?(chunk)
            guard let sent else {
                readerGone()
                return false
            }
            if sent < chunk.count {
                pending = Array(chunk[sent...])
                waitingForRoom = true
            }
            return pending.isEmpty
        }
        if outcome == .ended { closed = true }
    }

    /// Sends what the destination left over; true once nothing is pending.
    private func sendPending(finishing: Bool) -> Bool {
        guard !pending.isEmpty else { return true }
        resuming?()
        guard let sent = pending.withUnsafeBytes({ send($0, finishing: finishing) }) else {
            readerGone()
            return false
        }
        pending.removeFirst(sent)
        waitingForRoom = !pending.isEmpty
        return pending.isEmpty
    }

    /// Writes as much of `bytes` as the destination takes now (all of it when `finishing`, waiting
    /// for room); nil when the reader has gone or the destination refuses them.
    private func send(_ bytes: UnsafeRawBufferPointer, finishing: Bool) -> Int? {
        FileDescriptorIO.writeLoop(bytes, using: output.put) {
            guard finishing else { return false }
            FileDescriptorIO.waitWritable(destination)
            return true
        }
    }

    /// The reader went away (EPIPE: `| head` has exited). Closing the read end passes that on:
    /// the command's next write fails with SIGPIPE, as it would bare.
    private func readerGone() {
        closed = true
        pipe.closeReadEnd()
    }

    private static let chunk = 1 << 16

    /// Bytes waiting in a pipe.
    private static func unread(_ fd: Int32) -> Int32 {
        max(lw_unread_bytes(fd), 0)
    }
}
