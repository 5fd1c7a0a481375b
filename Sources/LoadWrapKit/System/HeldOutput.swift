#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Output held back until its fate is known (`--quiet`, `--tail`, a `LoadIndicator` window): in
/// memory up to a limit, then in a private temporary file, so memory stays bounded whatever is held.
package final class HeldOutput {
    /// Bytes kept in memory before spilling to a file.
    let memoryLimit: Int
    private var memory: [UInt8] = []
    /// The spill file: created 0600 by mkstemp and unlinked at once, so no exit path leaves it
    /// behind, even SIGKILL; the descriptor keeps it alive until loadwrap ends.
    private var spill: Int32 = -1
    /// True when what is held ends with a newline (or nothing is held).
    package private(set) var endsAtLineStart = true
    /// True when the spill file could not be written: the held output is then incomplete.
    package private(set) var lostBytes = false

    /// Where the spill file goes.
    package let directory: String

    /// Holds up to `memoryLimit` bytes in memory, then spills into `directory`; callers pass
    /// `temporaryDirectory(environment["TMPDIR"])` from the environment they were given.
    package init(memoryLimit: Int = 4 << 20, directory: String) {
        self.memoryLimit = memoryLimit
        self.directory = directory
    }

    /// `$TMPDIR` when set and not empty, else `/tmp`.
    package static func temporaryDirectory(_ tmpdir: String?) -> String {
        guard let tmpdir, !tmpdir.isEmpty else { return "/tmp" }
        return tmpdir
    }

    deinit {
        if spill >= 0 { close(spill) }
    }

    /// Appends a chunk, spilling everything to the file once memory would pass the limit.
    package func append(_ chunk: UnsafeRawBufferPointer) {
        if let last = chunk.last { endsAtLineStart = last == 0x0A }
        if spill < 0 && memory.count + chunk.count <= memoryLimit {
            memory.append(contentsOf: chunk)
            return
        }
        if spill < 0 { openSpill() }
        if spill < 0 {
            memory.append(contentsOf: chunk)  // no usable temporary directory: memory rather than loss
        } else if !FileDescriptorIO.writeAll(spill, chunk) {
            lostBytes = true
        }
    }

    /// Writes everything held, in order, to `fd`.
    package func replay(to fd: Int32) {
        replay { FileDescriptorIO.writeAll(fd, $0) }
    }

    /// Writes everything held to `fd`, then `lineEnd` where it left a line unfinished: the held
    /// output on lines of its own, for a line of loadwrap's to follow (why the run ended).
    package func replayLines(to fd: Int32, lineEnd: String = "\n") {
        replay(to: fd)
        if !endsAtLineStart { FileDescriptorIO.writeAll(fd, lineEnd) }
    }

    /// Hands everything held to `body`, in order, in chunks of at most 64 KiB from the file; a
    /// note follows when some of it was lost.
    package func replay(_ body: (UnsafeRawBufferPointer) -> Void) {
        defer {
            if lostBytes { Self.lossNote.withUnsafeBytes(body) }
        }
        memory.withUnsafeBytes(body)
        guard spill >= 0, lseek(spill, 0, SEEK_SET) == 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        FileDescriptorIO.readChunks(spill, into: &buffer) { chunk in
            body(chunk)
            return true
        }
    }

    /// Lets go of everything held, as if nothing had been: what an early stop dropped, or a
    /// window that gave way already showed, must not come back with a later attempt's failure
    /// (`--retry` shares one HeldOutput between attempts). Closing the unlinked spill file frees it.
    package func discard() {
        memory = []
        if spill >= 0 { close(spill) }
        spill = -1
        endsAtLineStart = true
        lostBytes = false
    }

    private static let lossNote = Array("loadwrap: some held output was lost: its temporary file could not be written\n".utf8)

    /// Moves what memory holds into a new private temporary file.
    private func openSpill() {
        var template = Array("\(directory)/loadwrap-held.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { return }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        spill = fd
        memory.withUnsafeBytes { if !FileDescriptorIO.writeAll(fd, $0) { lostBytes = true } }
        memory = []
    }
}
