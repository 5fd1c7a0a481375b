import Testing

@testable import LoadWrapKit

@Suite struct PipeRelayTests {
    /// A relay on a fresh destination pipe, with a manual clock standing at 1000 ms.
    final class Rig {
        let clock = ManualClock(startMS: 1_000)
        let relay: PipeRelay
        /// The end of the destination pipe the test reads (non-blocking).
        private let logRead: Int32
        private let logWrite: Int32

        /// `heartbeatMS` nil for no heartbeat; heartbeat lines are `beat <elapsed>\n`, timed from 1000 ms.
        init(quiet: Bool = false, heartbeatMS: Int? = nil) throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            logRead = fds[0]
            logWrite = fds[1]
            _ = fcntl(logRead, F_SETFL, fcntl(logRead, F_GETFL) | O_NONBLOCK)
            let heartbeat = heartbeatMS.map {
                PipeRelay.Heartbeat(intervalMS: $0, line: { "beat \($0)\n" }, startMS: 1_000)
            }
            relay = try PipeRelay(destination: logWrite, quiet: quiet, heartbeat: heartbeat, clock: clock)
        }

        deinit {
            close(logRead)
            close(logWrite)
        }

        /// The command writes `text`, and the event loop relays it.
        func command(writes text: String) {
            #expect(FileDescriptorIO.writeAll(relay.writeEnd, text))
            relay.relayAvailable(maxReads: 8)
        }

        /// What reached the log since the last call.
        func log() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(logRead, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                bytes += buffer[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Moves the clock and lets the event loop act on it, as after a poll timeout.
        func advance(by ms: Int) {
            clock.advance(by: ms)
            relay.tick()
        }
    }

    @Test func outputPassesThroughUntouched() throws {
        let rig = try Rig()
        rig.command(writes: "compiling a.c\n\u{1B}[31mwarning\u{1B}[0m\n")
        #expect(rig.log() == "compiling a.c\n\u{1B}[31mwarning\u{1B}[0m\n")
        #expect(rig.relay.held == nil)
    }

    @Test func withoutHeartbeatNothingIsTimed() throws {
        let rig = try Rig()
        #expect(rig.relay.timeoutMS() == -1)
        rig.advance(by: 3_600_000)
        #expect(rig.log() == "")
    }

    @Test func heartbeatIsDueAfterTheIntervalOfSilence() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        #expect(rig.relay.timeoutMS() == 5_000)
        rig.advance(by: 4_999)
        #expect(rig.log() == "")
        #expect(rig.relay.timeoutMS() == 1)
        rig.advance(by: 1)
        #expect(rig.log() == "beat 5000\n")
        #expect(rig.relay.timeoutMS() == 5_000)
    }

    @Test func heartbeatRepeatsAfterEachFurtherSilence() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.advance(by: 5_000)
        rig.advance(by: 4_000)
        #expect(rig.log() == "beat 5000\n")
        rig.advance(by: 1_000)
        #expect(rig.log() == "beat 10000\n")
        rig.advance(by: 5_000)
        #expect(rig.log() == "beat 15000\n")
    }

    @Test func aLateTickSaysTheRealElapsedTimeOnce() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.advance(by: 12_345)
        #expect(rig.log() == "beat 12345\n")
        #expect(rig.relay.timeoutMS() == 5_000)
    }

    @Test func timeoutIsNeverNegative() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.clock.advance(by: 7_000)
        #expect(rig.relay.timeoutMS() == 0)
    }

    @Test func outputCountsAsActivity() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.clock.advance(by: 3_000)
        rig.command(writes: "step 1\n")
        #expect(rig.relay.timeoutMS() == 5_000)
        rig.advance(by: 4_000)
        #expect(rig.log() == "step 1\n")
        rig.advance(by: 1_000)
        #expect(rig.log() == "beat 8000\n")
    }

    @Test func noHeartbeatWhileTheCommandTalks() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        for step in 1...10 {
            rig.clock.advance(by: 4_000)
            rig.command(writes: "step \(step)\n")
            rig.relay.tick()
        }
        #expect(rig.log() == (1...10).map { "step \($0)\n" }.joined())
    }

    @Test func heartbeatAfterAPartialLineStartsItsOwnLine() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.command(writes: "downloading... 50%")
        rig.advance(by: 5_000)
        #expect(rig.log() == "downloading... 50%\nbeat 5000\n")
        rig.advance(by: 5_000)
        #expect(rig.log() == "beat 10000\n")
        rig.command(writes: "100%\r")
        rig.advance(by: 5_000)
        #expect(rig.log() == "100%\r\nbeat 15000\n")
    }

    @Test func quietHoldsInsteadOfPassing() throws {
        let rig = try Rig(quiet: true)
        rig.command(writes: "out 1\n")
        rig.command(writes: "err 2\n")
        #expect(rig.log() == "")
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        defer { close(fds[0]) }
        rig.relay.held?.replay(to: fds[1])
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = read(fds[0], &buffer, buffer.count)
        #expect(String(decoding: buffer[0..<max(n, 0)], as: UTF8.self) == "out 1\nerr 2\n")
    }

    @Test func heldOutputIsNotActivityInTheLog() throws {
        let rig = try Rig(quiet: true, heartbeatMS: 5_000)
        rig.clock.advance(by: 3_000)
        rig.command(writes: "partial, held")
        rig.advance(by: 2_000)
        #expect(rig.log() == "beat 5000\n")
    }

    @Test func endOfFileEndsPolling() throws {
        let rig = try Rig()
        #expect(rig.relay.pollFD != nil)
        rig.command(writes: "last words\n")
        rig.relay.releaseWriteEnd()
        #expect(rig.relay.writeEnd == -1)
        rig.relay.relayAvailable(maxReads: 8)
        #expect(rig.relay.pollFD == nil)
        #expect(rig.log() == "last words\n")
    }
}

/// A relay reads at most `maxReads` chunks (64 KiB each) per call, so a flood cannot keep the
/// loop from keys and signals. Linux only: it needs pipes larger than one chunk (F_SETPIPE_SZ).
#if os(Linux)
@Test func aFloodIsReadInBoundedTurns() throws {
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
    var sink: [Int32] = [0, 0]
    try #require(pipe(&sink) == 0)
    defer { close(sink[0]); close(sink[1]) }
    _ = fcntl(sink[0], F_SETFL, fcntl(sink[0], F_GETFL) | O_NONBLOCK)
    try #require(fcntl(sink[1], setPipeSize, 1 << 20) >= 1 << 20)
    let relay = try PipeRelay(destination: sink[1], quiet: false, heartbeat: nil, clock: MonotonicClock())
    try #require(fcntl(relay.writeEnd, setPipeSize, 1 << 20) >= 1 << 20)
    let flood = [UInt8](repeating: 0x61, count: 4 << 16)
    _ = flood.withUnsafeBytes { FileDescriptorIO.writeAll(relay.writeEnd, $0) }
    relay.relayAvailable(maxReads: 1)
    #expect(pending(sink[0]) == 1 << 16)  // one chunk, not the whole flood
    relay.relayAvailable(maxReads: 8)
    #expect(pending(sink[0]) == 4 << 16)
}

/// Bytes waiting in a pipe.
private func pending(_ fd: Int32) -> Int32 {
    var count: Int32 = 0
    _ = ioctl(fd, UInt(FIONREAD), &count)
    return count
}
#endif
