#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What loadwrap relies on that Linux and Darwin do differently, in one place: the kernel's
/// behaviours as `Traits`, which the logic elsewhere reads, and the few calls only one kernel
/// has (`Platform+Linux.swift`, `Platform+Darwin.swift`; `#if` appears only there and in C).
enum Platform {
    /// The kernel behaviours that change what loadwrap does.
    struct Traits: Equatable, Sendable {
        /// posix_spawn's reopen of a terminal after POSIX_SPAWN_SETSID makes it the command's
        /// controlling terminal; else the spawn forks, calls setsid and TIOCSCTTY, then execs.
        var spawnAcquiresTerminal: Bool
        /// `si_code` tells a terminal's signal (the kernel) from kill(2) (a process); else the
        /// foreground group at delivery decides.
        var signalCodeTellsOrigin: Bool
        /// Output left in a pseudo-terminal survives the close of its last secondary descriptor;
        /// else loadwrap keeps its own copy open until the command has been reaped.
        var closingSecondaryKeepsOutput: Bool
        /// Orphaned descendants can be made to reparent to loadwrap; else a timeout looks for
        /// the command's process group and session as well as loadwrap's children.
        var hasSubreaper: Bool
        /// `/dev/tty` can be polled; else the keyboard is the terminal's own device, or none.
        var devTtyPollable: Bool

        /// Linux.
        static let linux = Traits(
            spawnAcquiresTerminal: true, signalCodeTellsOrigin: true, closingSecondaryKeepsOutput: true,
            hasSubreaper: true, devTtyPollable: true)
        /// Darwin (XNU), each fact cited where the fallback it needs is written.
        static let darwin = Traits(
            spawnAcquiresTerminal: false, signalCodeTellsOrigin: false, closingSecondaryKeepsOutput: false,
            hasSubreaper: false, devTtyPollable: false)
    }

    /// Internal, for loadwrap's own tests: set to 1, Linux takes Darwin's traits, so the plain
    /// POSIX fallbacks Darwin needs run in the Linux test suite. Not a user setting.
    static let fallbackSwitch = "LOADWRAP_INTERNAL_POSIX_FALLBACKS"

    /// The traits in effect for this process.
    static let traits: Traits = getenv(fallbackSwitch).map { String(cString: $0) == "1" } == true ? .darwin : kernelTraits
}

/// One process, as a timeout looks for what the command started.
struct ProcessEntry: Equatable {
    /// Its pid.
    var pid: pid_t
    /// Its parent's pid.
    var parent: pid_t
    /// Its process group.
    var group: pid_t
    /// Its session.
    var session: pid_t
}
