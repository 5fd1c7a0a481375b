import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A lock file in loadwrap's private control directory, opened for flock(2) by any loadwrap of
/// the same user: never through a symbolic link (O_NOFOLLOW), and refused when the file there is
/// another user's, which could only have been put there to be locked against us.
package enum OwnLockFile {
    /// The open descriptor of the file at `path` (made 0600 with `O_CREAT`), or nil.
    package static func opened(_ path: String, flags: Int32) -> Int32? {
        let fd = open(path, O_RDWR | O_CLOEXEC | O_NOFOLLOW | flags, 0o600)
        guard fd >= 0 else { return nil }
        guard lw_is_own_file(fd) == 1 else {
            close(fd)
            return nil
        }
        return fd
    }
}
