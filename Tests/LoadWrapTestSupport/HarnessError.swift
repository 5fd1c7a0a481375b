#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failure to set up the harness itself (not of the code or program under test).
package struct HarnessError: Error, CustomStringConvertible {
    /// What failed and the system's reason, e.g. `openpty: No such device`.
    package let description: String

    /// The failure of `what`, explained by `code` (by default the current `errno`).
    package init(_ what: String, errno code: Int32 = errno) {
        description = "\(what): \(String(cString: strerror(code)))"
    }
}
