/// The private channel a command uses to talk back to the loadwrap running it: a FIFO in a
/// directory only this user can enter (0700, the FIFO 0600), named in `LOADWRAP_CONTROL`.
final class ControlChannel {
    /// The variable that carries the FIFO's path to the command.
    static let variable = "LOADWRAP_CONTROL"

    /// The FIFO's path.
    let path: String
    /// The directory holding it.
    private let directory: String
    /// loadwrap's end, opened read-write so it never sees end-of-file when writers come and go.
    let readFD: Int32
    private var decoder = ControlDecoder()

    /// Creates the directory and FIFO under `XDG_RUNTIME_DIR`, `TMPDIR` or `/tmp`; nil if that fails.
    init?(environment: [String: String]) {
        let parent = ["XDG_RUNTIME_DIR", "TMPDIR"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? "/tmp"
        var template = Array("\(parent)/loadwrap-\(getuid()).XXXXXX".utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        directory = String(cString: template)
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

    /// The messages waiting, oldest first.
    func drain() -> [ControlMessage] {
        var messages: [ControlMessage] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { return messages }
            messages += decoder.feed(buffer[0..<n])
        }
    }

    /// Removes the FIFO and its directory; a command writing later finds no reader and carries on.
    func remove() {
        close(readFD)
        unlink(path)
        rmdir(directory)
    }
}
