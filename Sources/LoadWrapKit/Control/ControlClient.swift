import CLoadWrap

/// The command's side of the control channel: `loadwrap say`, `loadwrap done`, and a nested
/// loadwrap reporting to the one above it.
struct ControlClient {
    private let fd: Int32

    /// Connects to the channel named in the environment; nil when there is none, its loadwrap has
    /// gone (no reader), or it is not a FIFO of this user's — a stale or forged path is ignored.
    init?(environment: [String: String]) {
        guard let path = environment[ControlChannel.variable], !path.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard lw_is_own_fifo(fd) == 1 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    /// Sends one message; false when it could not be delivered whole.
    @discardableResult
    func send(_ message: ControlMessage) -> Bool {
        let bytes = message.encoded
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        return written == bytes.count
    }

    /// Closes the connection.
    func disconnect() {
        close(fd)
    }
}
