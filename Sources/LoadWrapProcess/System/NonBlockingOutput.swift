#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes to loadwrap's stdout that return at once when a pipe is full (EAGAIN), without making
/// the shared open file non-blocking for everyone holding it. A pipe is opened anew on Linux
/// (`Platform.reopenNonBlocking`), with a description of its own; a socket, or a pipe elsewhere, gets O_NONBLOCK
/// only around each write (a loadwrap killed in between leaves it set). Files and terminals are
/// written as they are: a file never fills, and a terminal's modes belong to everyone on it; a
/// file is never opened anew, as that would write from its start, not at the shared offset.
struct NonBlockingOutput {
    /// The descriptor written.
    private let fd: Int32
    /// True when `fd` is the shared one and a pipe or socket: its flags switch around each write.
    private let switchesFlags: Bool

    init(_ shared: Int32) {
        var info = stat()
        let type = fstat(shared, &info) == 0 ? info.st_mode & S_IFMT : 0
        if type == S_IFIFO, let own = Platform.reopenNonBlocking(pipe: shared) {
            fd = own
            switchesFlags = false
            return
        }
        fd = shared
        switchesFlags = type == S_IFIFO || type == S_IFSOCK
    }

    /// write(2) that does not block on a full pipe: the bytes taken, or -1 with errno (EAGAIN when full).
    func put(_ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        let flags = switchesFlags ? fcntl(fd, F_GETFL) : -1
        let switched = flags >= 0 && flags & O_NONBLOCK == 0
        if switched { _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
        let n = write(fd, bytes, count)
        let error = errno
        if switched { _ = fcntl(fd, F_SETFL, flags) }
        errno = error
        return n
    }
}
