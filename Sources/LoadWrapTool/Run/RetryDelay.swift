import LoadWrapKit
import LoadWrapProcess
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The wait between two attempts of `--retry`, on the signals loadwrap catches for the whole run:
/// Ctrl-C, SIGTERM, SIGHUP or SIGQUIT end it (no attempt after a stop), Ctrl-Z stops loadwrap
/// until `fg`, anything else (a late SIGCHLD, a resize) waits on.
enum RetryDelay {
    /// Waits `ms`; returns the delivery that cut the wait short, for loadwrap to end by, or nil.
    static func wait(_ ms: Int, signals: SignalPipe, clock: any TimeSource) -> SignalPipe.Delivery? {
        let until = clock.nowMS() + ms
        while case let left = until - clock.nowMS(), left > 0 {
            var ready = pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, Int32(clamping: left))
            for delivery in signals.drain() {
                switch delivery.signo {
                case SIGINT, SIGQUIT, SIGTERM, SIGHUP:
                    return delivery
                case SIGTSTP:
                    signals.restoreDefault(SIGTSTP)
                    kill(getpid(), SIGTSTP)
                    signals.catchAgain(SIGTSTP)
                default:
                    break
                }
            }
        }
        return nil
    }
}
