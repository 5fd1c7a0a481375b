import CLoadWrap
import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The private channel a command uses to talk back to the loadwrap running it: a FIFO in a
/// directory only this user can enter (0700, the FIFO 0600), named in `LOADWRAP_CONTROL`.
package final class ControlChannel {
    /// The variable that carries the FIFO's path to the command.
    package static let variable = "LOADWRAP_CONTROL"

    /// The FIFO's path.
    package let path: String
    /// The directory holding it, `PARENT/loadwrap-UID.XXXXXX`.
    package let directory: String

    /// The runtime directory the channel's directory is in.
    package var parent: String {
        directory.directoryPart
    }
    /// loadwrap's end, opened read-write so it never sees end-of-file when writers come and go.
    package let readFD: Int32
    private var decoder = ControlDecoder()
    /// True while a filler byte of loadwrap's own waits in the FIFO behind messages it has read.
    private var holding = false

    /// Creates the directory and FIFO in the first of `candidates(environment)` that takes it; nil if none does.
    package convenience init?(environment: [String: String]) {
        self.init(parents: Self.candidates(environment))
    }

    /// Creates the directory and FIFO in the first of `parents` that takes it; nil if none does.
    init?(parents: [String]) {
        // A plain loop: a lazy compactMap's `first` would call mkdtemp twice and leak a directory.
        var made: String?
        for parent in parents where made == nil {
            made = Self.makePrivateDirectory(in: parent)
        }
        guard let directory = made else { return nil }
        self.directory = directory
        path = directory + "/control"
        guard mkfifo(path, 0o600) == 0 else {
            rmdir(directory)
            return nil
        }
        readFD = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        guard readFD >= 0 else {
            unlink(path)
            rmdir(directory)
            return nil
        }
    }

    /// Where the directory may go, best first: memory-backed directories (`XDG_RUNTIME_DIR`, then
    /// `/dev/shm` on Linux), where creating and removing it costs a few microseconds instead of the
    /// ~0.3 ms a disk-backed `/tmp` took here (measured with strace), then `TMPDIR` and `/tmp`.
    /// No array of optionals on the way: its type's metadata cost ~31 k instructions before the
    /// spawn (callgrind, docs/benchmarks.md).
    package static func candidates(_ environment: [String: String]) -> [String] {
        var list: [String] = []
        if let runtime = environment["XDG_RUNTIME_DIR"] { list.append(runtime) }
        list += Platform.memoryDirectories
        if let temporary = environment["TMPDIR"] { list.append(temporary) }
        list.append("/tmp")
        return list.filter { !$0.isEmpty }
    }

    /// A new directory only this user can enter (mkdtemp makes it 0700), or nil.
    private static func makePrivateDirectory(in parent: String) -> String? {
        var template = Array("\(parent)/loadwrap-\(getuid()).XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The messages waiting, oldest first, read while the FIFO still looks unread to their
    /// senders: a sender (`ControlClient.send`) goes on once the FIFO is empty, so a byte of
    /// loadwrap's own (`ControlDecoder.filler`, which no message holds) goes in behind them
    /// first, to be read at the next drain, after they were acted on. A nested loadwrap passes
    /// them on, waiting until the loadwrap that draws has read them: without the filler, a nested
    /// run's title could reach it after that run's own output (`outer › mid › inner` below the
    /// first line of `inner`).
    package func drain() -> [ControlMessage] {
        let waiting = Int(lw_unread_bytes(readFD))
        // No count (FIONREAD is not FIFOs' on every system): read all, without holding back.
        guard waiting > 0 else {
            holding = false
            return readMessages(upTo: .max)
        }
        var filler = ControlDecoder.filler
        holding = waiting > (holding ? 1 : 0) && write(readFD, &filler, 1) == 1
        return readMessages(upTo: waiting)
    }

    /// The messages in the next `limit` bytes, or as many as wait.
    private func readMessages(upTo limit: Int) -> [ControlMessage] {
        var messages: [ControlMessage] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var left = limit
        while left > 0 {
            let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, min(left, $0.count)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            messages += decoder.feed(buffer.prefix(n))
            left -= n
        }
        return messages
    }

    /// Removes the FIFO and its directory, with what else is in it (the terminal's turn, the turn
    /// of runs nested side by side, blocks they left); a command writing later finds no reader
    /// and carries on.
    package func remove() {
        close(readFD)
        Self.removeDirectory(directory)
    }

    /// Removes a control directory and every file in it: only loadwraps of its user, who alone
    /// can enter it, put files there. A run whose command took its descriptors away (`prlimit
    /// --nofile`) cannot open the directory to list it: the files a run makes then go by name.
    static func removeDirectory(_ directory: String) {
        let listed = names(in: directory)
        let known = ["control", TerminalTurn.fileName, SiblingLock.live, SiblingLock.running, SiblingBlocks.handover]
        for name in listed.isEmpty ? known : listed {
            unlink(directory + "/" + name)
        }
        rmdir(directory)
    }

    /// The names in a control directory, without `.` and `..`; none when it cannot be read.
    static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }
}
