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
    /// The turn, made as the first nested run starts (`makeTurn`).
    private(set) var turn: SiblingLock?
    /// The lock runs that hold their output share until they end, made with the turn.
    private(set) var running: SiblingLock?
    /// The control directory, where blocks are left.
    private let directory: String
    /// The pids whose blocks were announced and not yet written, oldest first.
    private var pending: [Int32] = []
    /// The socket nested runs connect to for a copy of the log (`handover`), or -1.
    private var listener: Int32 = -1
    /// The connections the log went out on, each open until its run hangs up.
    private var handedOver: [Int32] = []

    /// Hosts the blocks of runs nested side by side in the control directory `directory`; nothing
    /// is made there before `makeTurn`.
    package init(directory: String) {
        self.directory = directory
    }

    /// Makes the turn, `running` and the handover socket as the first nested run starts (its
    /// `push` read): a run nothing nests in makes none of them (made before the spawn, they and a
    /// file naming the log cost ~0.15× of `loadwrap -- true`'s time, docs/benchmarks.md). The
    /// nested run may come first: it makes the locks itself (`SiblingLock.open`) and waits for
    /// the socket (`SiblingBlock.connectHandover`). Once for the whole run, whatever the attempt.
    package func makeTurn() {
        if turn == nil { turn = SiblingLock.open(SiblingLock.live, inDirectory: directory) }
        if running == nil { running = SiblingLock.open(SiblingLock.running, inDirectory: directory) }
        if listener < 0 { listener = lw_listen_unix(directory + "/" + Self.handover) }
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

    /// The variable that names the command's stderr as this run's log (`FileIdentity.key`), with
    /// this run's control FIFO: `KEY PATH`. Only a run nested in it whose own stderr is that log,
    /// and whose channel is that FIFO, holds its output for a block. One whose stderr is a file or
    /// pipe of its own (`loadwrap -- cmd >out 2>&1` in a step) writes there as it would alone,
    /// and nothing of it reaches the log; one under a loadwrap nested in between reports to that
    /// one, which hosts no blocks. In the environment, not a file: nothing to make before the spawn.
    package static let logVariable = "LOADWRAP_LOG"

    /// The command's environment entry naming `fd` in this process, the command's stderr, as the
    /// log of this attempt (each attempt has a pipe of its own), reported to the FIFO at
    /// `channelPath`; none when `fd` cannot be named.
    package static func logEntry(_ fd: Int32, channelPath: String) -> [String: String] {
        guard let key = FileIdentity.key(fd) else { return [:] }
        return [logVariable: key + " " + channelPath]
    }

    /// True when `environment` names this process's stderr as the log of the loadwrap whose
    /// control FIFO is at `channelPath`: that loadwrap hosts blocks, and this run may hold one.
    package static func hostsBlocks(_ environment: [String: String], channelPath: String) -> Bool {
        guard let entry = environment[logVariable], let key = FileIdentity.key(2) else { return false }
        return entry == key + " " + channelPath
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
    var anyLeft: Bool { hasPending || !Self.leftPids(in: directory).isEmpty }

    /// The blocks to write now, in the order announced; `all` adds those left without a word
    /// reaching this run (its command ended before the message was read), in pid order.
    func take(all: Bool) -> [String] {
        var pids = pending
        pending.removeAll()
        if all { pids += Self.leftPids(in: directory).filter { !pids.contains($0) } }
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

    /// The pids of every complete block in the control directory `directory`, in order.
    static func leftPids(in directory: String) -> [Int32] {
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
