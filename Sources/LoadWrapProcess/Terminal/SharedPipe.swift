#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// loadwrap's stdout when it is a pipe: its reader (`| cat`, `| less`) may print on the same
/// terminal, or read its keys, so loadwrap is a guest there.
package struct SharedPipe {
    /// loadwrap's end of the pipe.
    let fd: Int32

    /// `fd` when it is a pipe or socket, else nil (a terminal, a file, `/dev/null`).
    package init?(fd: Int32) {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        let type = info.st_mode & S_IFMT
        guard type == S_IFIFO || type == S_IFSOCK else { return nil }
        self.fd = fd
    }

    /// True when the reader has taken everything written so far; true when that cannot be told,
    /// as on a socket.
    package var caughtUp: Bool {
        (Platform.unreadBytes(writeEnd: fd) ?? 0) == 0
    }
}
