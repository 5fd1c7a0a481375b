/// The platform the unit tests run on, for the few that need Linux (`/proc`, F_SETPIPE_SZ).
package enum TestPlatform {
    /// True on Linux.
    #if os(Linux)
    package static let isLinux = true
    #else
    package static let isLinux = false
    #endif
}
