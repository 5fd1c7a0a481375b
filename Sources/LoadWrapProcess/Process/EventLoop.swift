import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A descriptor and the `poll` events wanted on it.
package struct PollInterest: Equatable {
    var fd: Int32
    var events: Int16

    package static func readable(_ fd: Int32) -> PollInterest { PollInterest(fd: fd, events: Int16(POLLIN)) }
    static func writable(_ fd: Int32) -> PollInterest { PollInterest(fd: fd, events: Int16(POLLOUT)) }
}

/// `poll` failed in a way that waiting again cannot mend.
package struct PollFailure: Error {
    /// `poll`'s errno: EINVAL once nfds exceeds RLIMIT_NOFILE, which a command can lower for
    /// loadwrap while it runs (`prlimit --pid $PPID --nofile=3:3`; poll(2)), or ENOMEM.
    let code: Int32
}

/// One thing the event loop waits on: it says, each turn, which descriptors it wants watched.
package protocol EventSource: AnyObject {
    /// The descriptors and events wanted this turn; none to sit the turn out.
    func interests(into list: inout [PollInterest])
    /// Acts on what `poll` reported for one of them.
    func handle(_ fd: Int32, revents: Int16)
}

/// One `poll` over fixed sources, in priority order, and a deadline; it knows nothing of what
/// the sources are (the shape of util-linux `pty-session.c`). Nothing polls: it sleeps until a
/// descriptor is ready or the deadline passes.
package final class EventLoop {
    /// Handled in this order in each turn: signals and keys first, so Ctrl-C never waits behind a flood.
    private let sources: [any EventSource]
    private var interests: [PollInterest] = []
    private var owners: [Int] = []
    private var fds: [pollfd] = []

    package init(sources: [any EventSource]) {
        self.sources = sources
    }

    /// Waits until a source is ready or `deadlineMS` passes (nil: no deadline), then hands each
    /// ready descriptor to its source. Throws when `poll` fails for good.
    package func turn(untilMS deadlineMS: Int?, clock: any TimeSource) throws(PollFailure) {
        fds.removeAll(keepingCapacity: true)
        owners.removeAll(keepingCapacity: true)
        for (index, source) in sources.enumerated() {
            interests.removeAll(keepingCapacity: true)
            source.interests(into: &interests)
            for interest in interests {
                fds.append(pollfd(fd: interest.fd, events: interest.events, revents: 0))
                owners.append(index)
            }
        }
        let timeout = deadlineMS.map { Int32(clamping: max(0, $0 - clock.nowMS())) } ?? -1
        let ready = poll(&fds, nfds_t(fds.count), timeout)
        // EINTR: a signal came, its byte waits on the signal pipe; EAGAIN: no memory for a moment
        // (POSIX poll). Any other error comes back at once however often poll is called again.
        if ready < 0 && errno != EINTR && errno != EAGAIN { throw PollFailure(code: errno) }
        guard ready > 0 else { return }  // a timeout, or a retry
        for (entry, owner) in zip(fds, owners) where entry.revents != 0 {
            sources[owner].handle(entry.fd, revents: entry.revents)
        }
    }
}
