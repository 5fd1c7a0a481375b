#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Guards loadwrap's own descriptors against a closed stdin, stdout or stderr.
package enum StandardDescriptors {
    /// Opens `/dev/null` close-on-exec on each of 0, 1 and 2 that is closed. Otherwise the next
    /// pipe or pseudo-terminal loadwrap opens would land there and be taken for a standard stream
    /// (written to as stderr, say). Close-on-exec keeps the command's view: still closed, as bare.
    package static func fillClosed() {
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 {
            let placeholder = open("/dev/null", O_RDWR | O_CLOEXEC)
            if placeholder >= 0 && placeholder != fd { close(placeholder) }
        }
    }

    /// True when `fd` is a placeholder `fillClosed` opened: the stream was closed when loadwrap
    /// started, so there is nothing to relay to (standard streams never carry close-on-exec otherwise).
    static func isPlaceholder(_ fd: Int32) -> Bool {
        let flags = fcntl(fd, F_GETFD)
        return flags >= 0 && flags & FD_CLOEXEC != 0
    }
}
