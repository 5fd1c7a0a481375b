import CPtyTestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one command line drew on its terminal, with the time of each read.
struct Recording: Sendable {
    var chunks: [TimedBytes]
    /// Seconds from the spawn until the terminal closed and the shell was reaped.
    var duration: Double
    /// The shell's exit code, or 128 + the signal that killed it.
    var status: Int32
}

/// A failure to record: the pty or the spawn, not the command.
struct RecorderError: Error, CustomStringConvertible {
    let description: String
}

/// Runs a command line with `sh -c` on a fresh pseudo-terminal, as a terminal emulator would
/// (its own session, the pty its controlling terminal), and keeps every byte the terminal gets.
struct Recorder {
    let rows: UInt16
    let cols: UInt16
    /// The scenes' whole environment: fixed, so the picture does not depend on the caller's.
    let environment: [String]

    /// Records `command` until the terminal has drained (every holder of it has closed it) and
    /// the shell has ended: events, not sleeps.
    func record(_ command: String) throws(RecorderError) -> Recording {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard ptyts_open(&primary, &secondary, rows, cols) == 0 else { throw RecorderError(description: "openpty failed") }
        defer { close(primary) }
        let pid = withCStrings(["/bin/sh", "-c", command]) { argv in
            withCStrings(environment) { envp in
                ptyts_spawn("/bin/sh", argv, envp, secondary, secondary, secondary, secondary)
            }
        }
        // Only the child holds the secondary now, so the primary reads EIO once it is done.
        close(secondary)
        guard pid > 0 else { throw RecorderError(description: "cannot spawn /bin/sh") }
        let start = ContinuousClock.now
        let chunks = readUntilClosed(primary, since: start)
        var code: Int32 = -1
        var signo: Int32 = -1
        guard ptyts_wait(pid, &code, &signo) == 0 else { throw RecorderError(description: "waitpid failed") }
        return Recording(chunks: chunks, duration: seconds(since: start), status: signo >= 0 ? 128 + signo : code)
    }

    /// Every read of `fd` until end of file or EIO, stamped with the time since `start`.
    private func readUntilClosed(_ fd: Int32, since start: ContinuousClock.Instant) -> [TimedBytes] {
        var chunks: [TimedBytes] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return chunks }
            chunks.append(TimedBytes(seconds(since: start), Array(buffer[..<n])))
        }
    }

    private func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Calls `body` with a NULL-terminated C array of `strings`.
    private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
        var pointers = strings.map { strdup($0) }
        pointers.append(nil)
        defer { for p in pointers { free(p) } }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
