#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to a descriptor loadwrap shares with others (its stdout, a pipe) that return at once
/// when it is full (EAGAIN), without making the shared open file non-blocking for everyone
/// holding it: on Linux it is opened anew through /proc, with a description of its own;
/// elsewhere, or where that fails (a socket), O_NONBLOCK is set only around each write.
struct NonBlockingOutput {
    /// The descriptor written.
    private let fd: Int32
    /// True when `fd` is the shared one, whose flags are switched around each write.
    private let switchesFlags: Bool

    init(_ shared: Int32) {
        #if os(Linux)
        let own = open("/proc/self/fd/\(shared)", O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        if own >= 0 {
            fd = own
            switchesFlags = false
            return
        }
        #endif
        fd = shared
        switchesFlags = true
    }

    /// write(2) that never blocks: the bytes taken, or -1 with errno (EAGAIN when full).
    func write(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        let flags = switchesFlags ? fcntl(fd, F_GETFL) : -1
        let switched = flags >= 0 && flags & O_NONBLOCK == 0
        if switched { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        #if canImport(Glibc)
        let n = Glibc.write(fd, bytes, count)
        #else
        let n = Darwin.write(fd, bytes, count)
        #endif
        let error = errno
        if switched { _ = fcntl(fd, F_SETFL, flags) }
        errno = error
        return n
    }
}
