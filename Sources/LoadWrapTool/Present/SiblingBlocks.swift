import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A loadwrap in plain mode's part in keeping the output of runs nested in it side by side apart
/// (`SiblingLock`): the blocks they left in its private directory when they ended without the turn
/// (`SiblingBlock`), written to its log, each whole, once it has the turn, so never inside the
/// output of the run that streams.
final class SiblingBlocks {
    /// The turn, made in the control directory before the command starts.
    let turn: SiblingLock
    /// The lock runs that hold their output share until they end.
    let running: SiblingLock
    /// The control directory, where blocks are left.
    private let directory: String
    /// The pids whose blocks were announced and not yet written, oldest first.
    private var pending: [Int32] = []

    /// Makes the turn in `directory`; nil when it cannot be made (nested runs then stream as
    /// they would alone).
    init?(directory: String) {
        guard let turn = SiblingLock.create(SiblingLock.live, inDirectory: directory),
              let running = SiblingLock.create(SiblingLock.running, inDirectory: directory) else { return nil }
        (self.turn, self.running, self.directory) = (turn, running, directory)
    }

    /// The file name prefix of a block.
    static let prefix = "block."

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
    /// reaching this run (its command ended before the message was read), in name order.
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
