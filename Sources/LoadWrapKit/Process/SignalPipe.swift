import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Turns asynchronous signals into bytes on a pipe (the self-pipe trick), so the event loop
/// handles them in order with everything else and no Swift code runs inside a handler.
final class SignalPipe {
    /// One delivered signal.
    struct Delivery: Equatable {
        /// The signal number.
        var signo: Int32
        /// True when another process sent it with kill(2); false when the kernel did (e.g. Ctrl-C on the terminal).
        var sentByProcess: Bool
    }

    /// The end the event loop polls.
    let readFD: Int32
    private let writeFD: Int32
    /// Signals this pipe catches (those not ignored when loadwrap started).
    private(set) var caught: [Int32] = []
    /// The signal mask loadwrap started with, which the child inherits as if run bare.
    let originalMask: sigset_t

    /// Creates the pipe and catches `signals`; a signal ignored at start stays ignored, for loadwrap and the child.
    init(catching signals: [Int32]) {
        var fds: [Int32] = [0, 0]
        lw_pipe(&fds, 1, 1)
        readFD = fds[0]
        writeFD = fds[1]
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
    func drain() -> [Delivery] {
        var deliveries: [Delivery] = []
        // Each delivery is one 2-byte write, which a pipe keeps whole, so an even buffer never splits one.
        var buffer = [UInt8](repeating: 0, count: 256)
        FileDescriptorIO.readChunks(readFD, into: &buffer) { chunk in
            for i in stride(from: 0, to: chunk.count - 1, by: 2) {
                deliveries.append(Delivery(signo: Int32(chunk[i]), sentByProcess: chunk[i + 1] != 0))
            }
            return true
        }
        return deliveries
    }

    /// Puts `signo` back to its default action, e.g. to re-raise it or to stop on SIGTSTP.
    func restoreDefault(_ signo: Int32) {
        lw_default_signal(signo)
    }

    /// Catches `signo` again after `restoreDefault`.
    func catchAgain(_ signo: Int32) {
        lw_catch_signal(signo, writeFD)
    }
}
