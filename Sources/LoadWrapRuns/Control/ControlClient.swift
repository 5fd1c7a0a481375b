import CLoadWrap
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command's side of the control channel: `loadwrap say`, `loadwrap done`, and a nested
/// loadwrap reporting to the one above it.
package struct ControlClient {
    /// The FIFO's write end, where messages go.
    private let fd: Int32
    /// A read end of the same FIFO, never read: only asked how much is unread. XNU's FIONREAD on
    /// a write end counts the writing socket's own, empty receive buffer (its FIFOs are socket
    /// pairs: bsd/miscfs/fifofs/fifo_vnops.c fifo_open, fifo_ioctl); on a read end it counts
    /// the bytes waiting, as Linux does on either end.
    private let probe: Int32

    /// Connects to the channel named in the environment; nil when there is none, its loadwrap has
    /// gone (no reader), or it is not a FIFO of this user's — a stale or forged path is ignored.
    package init?(environment: [String: String]) {
        guard let path = environment[ControlChannel.variable] else { return nil }
        self.init(path: path)
    }

    /// Connects to the channel at `path`, on the same terms.
    package init?(path: String) {
        guard !path.isEmpty else { return nil }
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        let probe = lw_is_own_fifo(fd) == 1 ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : -1
        guard probe >= 0 else {
            close(fd)
            return nil
        }
        self.fd = fd
        self.probe = probe
    }

    /// Sends one message and waits (up to `settleMS`) until loadwrap has read it; false when it
    /// could not be delivered whole, the FIFO having had no room for `roomMS`.
    ///
    /// The wait keeps the log in order: the command's output and its messages reach loadwrap on
    /// different descriptors, and loadwrap relays the output it finds waiting before it reads the
    /// channel. Once the message has been read, whatever the command writes next is read later.
    @discardableResult
    package func send(_ message: ControlMessage, settleMS: Int = 500, roomMS: Int = 2_000) -> Bool {
        let bytes = message.encoded
        guard bytes.withUnsafeBytes({ deliver($0, roomMS: roomMS) }) else { return false }
        // A FIFO offers its writer no wake-up when read; the unread count is checked every
        // millisecond instead, bounded so a stopped or busy loadwrap never holds the command long.
        var waitedMS = 0
        while waitedMS < settleMS && lw_unread_bytes(probe) > 0 {
            usleep(1_000)
            waitedMS += 1
        }
        return true
    }

    /// Writes all of `bytes`, waiting up to `roomMS` at a time for room while the FIFO is full:
    /// XNU's hold 8 KiB (PIPSIZ, bsd/kern/uipc_usrreq.c), which a burst of messages fills while
    /// loadwrap is busy.
    private func deliver(_ bytes: UnsafeRawBufferPointer, roomMS: Int) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n > 0 {
                offset += n
            } else if n < 0 && errno == EAGAIN && FileDescriptorIO.waitWritable(fd, timeoutMS: roomMS) {
                continue
            } else if !(n < 0 && errno == EINTR) {
                return false
            }
        }
        return true
    }

    /// Closes the connection.
    package func disconnect() {
        close(probe)
        close(fd)
    }
}
