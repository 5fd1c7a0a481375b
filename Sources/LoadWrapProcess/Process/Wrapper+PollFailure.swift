#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `poll` failed for good: loadwrap can neither relay the command's output nor hear a signal,
/// so the run ends here, leaving nothing running.
extension Wrapper {
    /// How long the command gets to end by itself, and then after SIGTERM, before the next step.
    static let lostWatchGraceMS = 1_000

    /// Relays what is left and returns the command's end when it ends by itself within the grace
    /// (a command whose last act lowered loadwrap's descriptor limit: the SIGCHLD that told of
    /// its end interrupted the poll with EINTR, and the next poll failed). Else ends the command
    /// as `--timeout` does, reaps it, and throws.
    func endAfterLosingWatch(_ failure: PollFailure) throws(SpawnError) -> ChildEnd {
        let endedByItself = reap(withinMS: Self.lostWatchGraceMS)
        if !endedByItself {
            signalTree(SIGTERM)
            if !reap(withinMS: Self.lostWatchGraceMS) { signalTree(SIGKILL) }
            reapCommandBlocking()
        } else if timeoutLeavesSurvivors() {
            signalTree(SIGKILL)  // what `--kill-after` would have done, which no deadline can wake now
        }
        plumbing.drain()
        guard endedByItself, let end else { throw .lostWatch(reason: String(cString: strerror(failure.code))) }
        return end
    }

    /// Reaps until the command has ended or `ms` have passed; true if it ended. Without `poll`
    /// no SIGCHLD can wake loadwrap, so it looks every 10 ms: a short, bounded wait on a path
    /// taken once.
    private func reap(withinMS ms: Int) -> Bool {
        let deadline = clock.nowMS() + ms
        reap()
        while end == nil && clock.nowMS() < deadline {
            usleep(10_000)
            reap()
        }
        return end != nil
    }

    /// Waits for the command after SIGKILL, which it cannot ignore.
    private func reapCommandBlocking() {
        var status: Int32 = 0
        while end == nil {
            let pid = waitpid(child, &status, 0)
            if pid == child, let ended = ChildEnd(waitStatus: status) {
                end = ended
            } else if pid < 0 && errno != EINTR {
                return
            }
        }
    }
}
