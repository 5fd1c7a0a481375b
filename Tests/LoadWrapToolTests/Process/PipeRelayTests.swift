import CLoadWrap
import LoadWrapTestSupport
import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapProcess
@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The log pipe: bytes pass to the sink unchanged and in order, end of file ends polling, and a
/// flood is read in bounded turns.
@Suite struct PipeRelayTests {
    /// Collects what the relay hands on.
    final class Collector: OutputSink {
        var bytes: [UInt8] = []
        var refuses = false

        func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
            bytes += chunk
            return !refuses
        }
    }

    @Test func bytesReachTheSinkUnchangedAndInOrder() throws {
        let sink = Collector()
        let relay = try PipeRelay(sink: sink)
        #expect(FileDescriptorIO.writeAll(relay.writeEnd, "a\u{1B}[31mb\r\n"))
        relay.relayAvailable(maxReads: 8)
        #expect(String(decoding: sink.bytes, as: UTF8.self) == "a\u{1B}[31mb\r\n")
    }

    @Test func endOfFileEndsPolling() throws {
        let sink = Collector()
        let relay = try PipeRelay(sink: sink)
        #expect(interests(of: relay).count == 1)
        #expect(FileDescriptorIO.writeAll(relay.writeEnd, "last words\n"))
        relay.releaseWriteEnd()
        #expect(relay.writeEnd == -1)
        relay.relayAvailable(maxReads: 8)
        #expect(interests(of: relay).isEmpty)
        #expect(String(decoding: sink.bytes, as: UTF8.self) == "last words\n")
    }

    @Test func aRefusedChunkClosesThePipeSoTheCommandGetsSIGPIPE() throws {
        let sink = Collector()
        sink.refuses = true
        let relay = try PipeRelay(sink: sink)
        #expect(FileDescriptorIO.writeAll(relay.writeEnd, "to nobody\n"))
        relay.relayAvailable(maxReads: 8)
        #expect(relay.closed)
        #expect(interests(of: relay).isEmpty)
        signal(SIGPIPE, SIG_IGN)
        #expect(write(relay.writeEnd, "x", 1) == -1 && errno == EPIPE)
    }

    private func interests(of relay: PipeRelay) -> [PollInterest] {
        var list: [PollInterest] = []
        relay.interests(into: &list)
        return list
    }
}

/// A relay reads at most `maxReads` chunks (64 KiB each) per call, so a flood cannot keep the
/// loop from keys and signals. Linux only: it needs pipes larger than one chunk (F_SETPIPE_SZ).
@Test(.enabled(if: TestPlatform.isLinux, "needs pipes larger than one chunk (F_SETPIPE_SZ, Linux)"))
func aFloodIsReadInBoundedTurns() throws {
    let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ
    var sink: [Int32] = [0, 0]
    try #require(pipe(&sink) == 0)
    defer { close(sink[0]); close(sink[1]) }
    _ = fcntl(sink[0], F_SETFL, fcntl(sink[0], F_GETFL) | O_NONBLOCK)
    try #require(fcntl(sink[1], setPipeSize, 1 << 20) >= 1 << 20)
    let relay = try PipeRelay(sink: presenterWriting(to: sink[1]))
    try #require(fcntl(relay.writeEnd, setPipeSize, 1 << 20) >= 1 << 20)
    let flood = [UInt8](repeating: 0x61, count: 4 << 16)
    _ = flood.withUnsafeBytes { FileDescriptorIO.writeAll(relay.writeEnd, $0) }
    relay.relayAvailable(maxReads: 1)
    #expect(pending(sink[0]) == 1 << 16)  // one chunk, not the whole flood
    relay.relayAvailable(maxReads: 8)
    #expect(pending(sink[0]) == 4 << 16)
}

/// A silent presenter that writes to `fd`.
private func presenterWriting(to fd: Int32) -> SilentPresenter {
    SilentPresenter(held: nil, route: DirectRoute(destination: fd))
}

/// Bytes waiting in a pipe.
private func pending(_ fd: Int32) -> Int32 {
    lw_unread_bytes(fd)
}
