import CLoadWrap
import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loadwrap in plain mode's part in keeping the output of runs nested in it side by side apart
/// (`SiblingLock`): the blocks they left in its private directory when they ended without the turn
/// (`SiblingBlock`), written to its log, each whole, once it has the turn, so never inside the
/// output of the run that streams.
package final class SiblingBlocks {
    /// The turn, made in the control directory before the command starts.
    let turn: SiblingLock
    /// The lock runs that hold their output share until they end.
    let running: SiblingLock
    /// The control directory, where blocks are left.
    private let directory: String
    /// The pids whose blocks were announced and not yet written, oldest first.
    private var pending: [Int32] = []
    /// The socket nested runs connect to for a copy of the log (`handover`), or -1.
    private let listener: Int32
    /// The connections the log went out on, each open until its run hangs up.
    private var handedOver: [Int32] = []

    /// Makes the turn in `directory`; nil when it cannot be made (nested runs then stream as
    /// they would alone).
    package init?(directory: String) {
        guard let turn = SiblingLock.create(SiblingLock.live, inDirectory: directory),
              let running = SiblingLock.create(SiblingLock.running, inDirectory: directory) else { return nil }
        (self.turn, self.running, self.directory) = (turn, running, directory)
        listener = lw_listen_unix(directory + "/" + Self.handover)
    }

    /// The socket in the control directory on which a nested run that takes part gets a copy of
    /// this run's log (its stderr), passed as SCM_RIGHTS (unix(7)): the same open file, offset
    /// and all, as if inherited. Should this run die, even of SIGKILL, the kernel closes its end
    /// of every connection as it closes all of a dying process's descriptors (_exit(2)), so each
    /// run reads end of file at once: an event, where watching a pid or the FIFO would mean
    /// polling. The run then writes what it holds, and the rest, to the log itself
    /// (`SiblingBlock`): nothing of it waits in a pipe no one reads any more.
    static let handover = "handover"

    /// The file name prefix of a block.
    static let prefix = "block."

    /// The file that names this run's log (`FileIdentity.key` of the command's stderr): only a run
    /// nested in it whose own stderr is that log holds its output for a block. One whose stderr
    /// is a file or pipe of its own (`loadwrap -- cmd >out 2>&1` in a step) writes there as it
    /// would alone, and nothing of it reaches the log.
    static let logName = "log"

    /// Names the command's stderr, `fd` in this process, as the log of this attempt (each attempt
    /// has a pipe of its own); before the command starts.
    package func markLog(_ fd: Int32) {
        guard let key = FileIdentity.key(fd) else { return }
        let path = directory + "/" + Self.logName, partial = path + ".part"
        let file = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard file >= 0 else { return }
        let written = Array(key.utf8).withUnsafeBytes { FileDescriptorIO.writeAll(file, $0) }
        close(file)
        if written { rename(partial, path) } else { unlink(partial) }
    }

    /// True when `fd` is the log named in `directory` by the run a nested run reports to.
    static func isLog(_ fd: Int32, directory: String) -> Bool {
        let file = open(directory + "/" + logName, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(file, &buffer, buffer.count)
        guard count > 0, let own = FileIdentity.key(fd) else { return false }
        return String(decoding: buffer[..<count], as: UTF8.self) == own
    }

    /// Where the run `pid` leaves its block in the control directory `directory`.
    static func path(in directory: String, pid: Int32) -> String {
        directory + "/" + prefix + "\(pid)"
    }

    /// The run `pid` left its block.
    func announced(pid: Int32) {
        if !pending.contains(pid) { pending.append(pid) }
    }

    /// True while an announced block waits to be written.
    var hasPending: Bool { !pending.isEmpty }

    /// True when a block waits, announced or not.
    var anyLeft: Bool { hasPending || !leftPids().isEmpty }

    /// The blocks to write now, in the order announced; `all` adds those left without a word
    /// reaching this run (its command ended before the message was read), in pid order.
    func take(all: Bool) -> [String] {
        var pids = pending
        pending.removeAll()
        if all { pids += leftPids().filter { !pids.contains($0) } }
        return pids.map { Self.path(in: directory, pid: $0) }
    }

    /// Hands the block at `path` to `body` in chunks, then removes it.
    static func write(_ path: String, _ body: (UnsafeRawBufferPointer) -> Void) {
        let block = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard block >= 0 else { return }
        defer {
            close(block)
            unlink(path)
        }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        FileDescriptorIO.readChunks(block, into: &buffer) { chunk in
            body(chunk)
            return true
        }
    }

    /// The pids of every complete block in the directory, in order.
    private func leftPids() -> [Int32] {
        ControlChannel.names(in: directory).compactMap { name in
            name.hasPrefix(Self.prefix) ? Int32(name.dropFirst(Self.prefix.count)) : nil
        }.sorted()
    }
}

/// The handover socket (`SiblingBlocks.handover`) in the event loop: each run that connects gets
/// the log at once; its connection is closed once it hangs up (it never writes).
extension SiblingBlocks: EventSource {
    package func interests(into list: inout [PollInterest]) {
        if listener >= 0 { list.append(.readable(listener)) }
        for fd in handedOver { list.append(.readable(fd)) }
    }

    package func handle(_ fd: Int32, revents: Int16) {
        guard fd == listener else {
            handedOver.removeAll { $0 == fd }
            close(fd)
            return
        }
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            if lw_send_fd(connection, 2) == 0 { handedOver.append(connection) } else { close(connection) }
        }
    }
}
