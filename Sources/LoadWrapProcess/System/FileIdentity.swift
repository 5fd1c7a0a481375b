#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether two descriptors lead to the same file, pipe or device.
package enum FileIdentity {
    /// True when `a` and `b` refer to the same object (device and inode), e.g. `>log 2>&1`.
    package static func same(_ a: Int32, _ b: Int32) -> Bool {
        var first = stat()
        var second = stat()
        guard fstat(a, &first) == 0, fstat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// The device and inode `fd` leads to, as text (`2049:1234`), or nil: what another process can
    /// compare its own descriptor with, a pipe included (pipefs numbers each pipe).
    package static func key(_ fd: Int32) -> String? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// True when `fd` is the file `path` names now (not one removed from under it).
    package static func same(_ fd: Int32, path: String) -> Bool {
        var open = stat()
        var named = stat()
        guard fstat(fd, &open) == 0, stat(path, &named) == 0 else { return false }
        return open.st_dev == named.st_dev && open.st_ino == named.st_ino
    }
}
