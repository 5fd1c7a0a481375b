import CLoadWrap
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns asynchronous signals into bytes on a pipe (the self-pipe trick), so the event loop
/// handles them in order with everything else and no Swift code runs inside a handler.
package final class SignalPipe {
    /// One delivered signal.
    package struct Delivery: Equatable {
        /// The signal number.
        package var signo: Int32
        /// True when another process sent it with kill(2); false when the kernel did (e.g. Ctrl-C on the terminal).
        package var sentByProcess: Bool
    }

    /// Signals a terminal sends its foreground group: its keys (Ctrl-C, Ctrl-\, Ctrl-Z) and a hangup.
    static let terminalSignals: Set<Int32> = [SIGINT, SIGQUIT, SIGTSTP, SIGHUP]

    /// Whether a delivery came from another process. `si_code` says so where the kernel sets it;
    /// where it does not (XNU), a terminal's signal while loadwrap's group was in the terminal's
    /// foreground counts as the terminal's: a kill(2) from elsewhere then looks the same and is
    /// not passed on, the lesser harm against a second SIGINT for every Ctrl-C.
    static func sentByProcess(signo: Int32, codeSaysProcess: Bool, inForeground: Bool, traits: Platform.Traits) -> Bool {
        if traits.signalCodeTellsOrigin { return codeSaysProcess }
        return !(terminalSignals.contains(signo) && inForeground)
    }

    /// The end the event loop polls.
    package let readFD: Int32
    private let writeFD: Int32
    /// Signals this pipe catches (those not ignored when loadwrap started).
    package private(set) var caught: [Int32] = []
    /// The signal mask loadwrap started with, which the child inherits as if run bare.
    package let originalMask: sigset_t
    /// What the kernel tells of a signal's origin.
    private let traits: Platform.Traits
    /// loadwrap's controlling terminal, whose foreground group the handler reads at each delivery
    /// where `si_code` does not tell the origin; -1 otherwise, or without one.
    private let foregroundTerminal: Int32

    /// Creates the pipe and catches `signals`; a signal ignored at start stays ignored, for loadwrap and the child.
    /// Without a pipe nothing is caught and the run cannot start (exit 125): the handlers would
    /// write to whatever descriptor stood in for it (0, stdin). `makePipe` is pipe(2) as `lw_pipe`
    /// makes it, both ends non-blocking and close-on-exec.
    package init(catching signals: [Int32], traits: Platform.Traits,
         makePipe: (inout [Int32]) -> Int32 = { lw_pipe(&$0, 1, 1) }) throws(SpawnError) {
        var fds: [Int32] = [-1, -1]
        guard makePipe(&fds) == 0 else { throw .failed("signal pipe", reason: String(cString: strerror(errno))) }
        readFD = fds[0]
        writeFD = fds[1]
        self.traits = traits
        foregroundTerminal = traits.signalCodeTellsOrigin ? -1 : open("/dev/tty", O_RDONLY | O_NOCTTY | O_CLOEXEC)
        lw_watch_foreground(foregroundTerminal)
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signo in signals where lw_signal_is_ignored(signo) == 0 {
            lw_catch_signal(signo, writeFD)
            sigaddset(&unblock, signo)
            caught.append(signo)
        }
        var old = sigset_t()
        sigprocmask(SIG_UNBLOCK, &unblock, &old)
        originalMask = old
    }

    /// Reads every delivery waiting on the pipe, oldest first.
    package func drain() -> [Delivery] {
        var deliveries: [Delivery] = []
        // Each delivery is one 3-byte write, which a pipe keeps whole, so a buffer of a multiple
        // of 3 never splits one.
        var buffer = [UInt8](repeating: 0, count: 255)
        FileDescriptorIO.readChunks(readFD, into: &buffer) { chunk in
            for i in stride(from: 0, to: chunk.count - 2, by: 3) {
                let signo = Int32(chunk[i])
                let sent = Self.sentByProcess(signo: signo, codeSaysProcess: chunk[i + 1] != 0, inForeground: chunk[i + 2] != 0,
                                            traits: traits)
                deliveries.append(Delivery(signo: signo, sentByProcess: sent))
            }
            return true
        }
        return deliveries
    }

    /// Puts `signo` back to its default action, e.g. to re-raise it or to stop on SIGTSTP.
    package func restoreDefault(_ signo: Int32) {
        lw_default_signal(signo)
    }

    /// Catches `signo` again after `restoreDefault`.
    package func catchAgain(_ signo: Int32) {
        lw_catch_signal(signo, writeFD)
    }
}
