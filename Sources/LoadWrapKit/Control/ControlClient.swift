import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command's side of the control channel: `loadwrap say`, `loadwrap done`, and a nested
/// loadwrap reporting to the one above it.
struct ControlClient {
    private let fd: Int32

    /// Connects to the channel named in the environment; nil when there is none, its loadwrap has
    /// gone (no reader), or it is not a FIFO of this user's — a stale or forged path is ignored.
    init?(environment: [String: String]) {
        guard let path = environment[ControlChannel.variable] else { return nil }
        self.init(path: path)
    }

    /// Connects to the channel at `path`, on the same terms.
    init?(path: String) {
        guard !path.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard lw_is_own_fifo(fd) == 1 else {
            close(fd)
            return nil
        }
        self.fd = fd
    }

    /// Sends one message and waits (up to `settleMS`) until loadwrap has read it; false when it
    /// could not be delivered whole.
    ///
    /// The wait keeps the log in order: the command's output and its messages reach loadwrap on
    /// different descriptors, and loadwrap relays the output it finds waiting before it reads the
    /// channel. Once the message has been read, whatever the command writes next is read later.
    @discardableResult
    func send(_ message: ControlMessage, settleMS: Int = 500) -> Bool {
        let bytes = message.encoded
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        guard written == bytes.count else { return false }
        // A FIFO offers its writer no wake-up when read; FIONREAD (unread bytes) is checked every
        // millisecond instead, bounded so a stopped or busy loadwrap never holds the command long.
        for _ in 0..<settleMS {
            var unread: Int32 = 0
            guard ioctl(fd, UInt(FIONREAD), &unread) == 0, unread > 0 else { break }
            usleep(1_000)
        }
        return true
    }

    /// Closes the connection.
    func disconnect() {
        close(fd)
    }
}
