#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal names for end lines (`killed by SIGTERM`), from the platform's own numbering.
package enum SignalName {
    /// `SIGTERM` for SIGTERM, or `signal N` for a number without a name here.
    package static func of(_ signo: Int32) -> String {
        names.first { $0.0 == signo }.map { "SIG\($0.1)" } ?? "signal \(signo)"
    }

    private static let names: [(Int32, String)] = [
        (SIGHUP, "HUP"), (SIGINT, "INT"), (SIGQUIT, "QUIT"), (SIGILL, "ILL"), (SIGTRAP, "TRAP"),
        (SIGABRT, "ABRT"), (SIGBUS, "BUS"), (SIGFPE, "FPE"), (SIGKILL, "KILL"), (SIGUSR1, "USR1"),
        (SIGSEGV, "SEGV"), (SIGUSR2, "USR2"), (SIGPIPE, "PIPE"), (SIGALRM, "ALRM"), (SIGTERM, "TERM"),
        (SIGCHLD, "CHLD"), (SIGCONT, "CONT"), (SIGSTOP, "STOP"), (SIGTSTP, "TSTP"), (SIGTTIN, "TTIN"),
        (SIGTTOU, "TTOU"), (SIGURG, "URG"), (SIGXCPU, "XCPU"), (SIGXFSZ, "XFSZ"), (SIGVTALRM, "VTALRM"),
        (SIGPROF, "PROF"), (SIGWINCH, "WINCH"), (SIGIO, "IO"), (SIGSYS, "SYS"),
    ]
}
