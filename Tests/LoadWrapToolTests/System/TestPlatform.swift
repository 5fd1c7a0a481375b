/// The platform the unit tests run on, for the few that need Linux (`/proc`, F_SETPIPE_SZ).
enum TestPlatform {
    /// True on Linux.
    #if os(Linux)
    static let isLinux = true
    #else
    static let isLinux = false
    #endif
}
