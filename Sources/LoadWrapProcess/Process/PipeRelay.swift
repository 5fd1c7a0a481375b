import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe between the command and loadwrap: the command writes one end (as its stderr, and its
/// stdout when that goes to the same place), loadwrap reads the other and hands each chunk to
/// the presenter (the log: heartbeats, `--quiet`, `--until`).
package final class PipeRelay: EventSource {
    /// The pipe the command writes.
    private let pipe: CommandPipe
    /// Where the output goes: the presenter, once connected.
    var sink: (any OutputSink)?
    /// Sees every chunk once the sink has it (`--until`, `--progress-from`), so what it reports
    /// follows the output that said it; nil costs nothing.
    var tap: ((UnsafeRawBufferPointer) -> Void)?
    /// True once the pipe has ended or its destination refused output.
    private(set) var closed = false
    private let buffer = ReadBuffer(count: 1 << 16)

    /// Creates the pipe, close-on-exec, its read end non-blocking.
    init(sink: (any OutputSink)? = nil) throws(SpawnError) {
        pipe = try CommandPipe()
        self.sink = sink
    }

    /// The end the command writes, until it holds its own copy.
    var writeEnd: Int32 { pipe.writeEnd }

    /// Closes loadwrap's copy of the write end, so the pipe reports end of file when the command is done.
    func releaseWriteEnd() {
        pipe.releaseWriteEnd()
    }

    package func interests(into list: inout [PollInterest]) {
        if !closed { list.append(.readable(pipe.readEnd)) }
    }

    package func handle(_ fd: Int32, revents: Int16) {
        relayAvailable(maxReads: Relay.readsPerTurn)
    }

    /// Reads what is waiting and hands it on, at most `maxReads` chunks.
    package func relayAvailable(maxReads: Int) {
        guard !closed else { return }
        let outcome = FileDescriptorIO.readChunks(pipe.readEnd, into: buffer, maxReads: maxReads) { chunk in
            if sink?.output(chunk) == false { readerGone() }
            tap?(chunk)
            return !closed  // the reader went away: stop before reading a closed descriptor
        }
        if outcome == .ended { closed = true }
    }

    /// The destination refused the bytes (EPIPE: `| head` has exited). Closing the read end passes
    /// that on: the command's next write fails with SIGPIPE, as it would bare.
    private func readerGone() {
        closed = true
        pipe.closeReadEnd()
    }
}
