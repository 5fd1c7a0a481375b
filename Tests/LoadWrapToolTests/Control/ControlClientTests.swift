import CLoadWrap
import Foundation
import LoadWrapTestSupport
import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapTool

/// The command's side of the channel: a message waits until it has been read, and a burst
/// larger than the FIFO (8 KiB on Darwin) waits for room instead of failing.
@Suite struct ControlClientTests {
    /// A channel in /tmp whose FIFO holds 4 KiB where Linux lets it shrink (F_SETPIPE_SZ), like
    /// Darwin's 8 KiB socket buffer, smaller than the bursts below.
    func smallChannel() throws -> ControlChannel {
        let channel = try #require(ControlChannel(parents: ["/tmp"]))
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, Linux only
        if TestPlatform.isLinux { try #require(fcntl(channel.readFD, setPipeSize, 4096) == 4096) }
        return channel
    }

    @Test func aBurstLargerThanTheFIFOArrivesWholeOnceLoadwrapReadsAgain() throws {
        let channel = try smallChannel()
        defer { channel.remove() }
        let client = try #require(ControlClient(path: channel.path))
        defer { client.disconnect() }
        let sent = (0..<40).map { ControlMessage.say("\($0) " + String(repeating: "x", count: 400)) }
        let received = Received()
        let fd = channel.readFD
        let reader = Thread {
            usleep(300_000)  // loadwrap busy: the FIFO fills before it reads
            while received.count < sent.count { received.read(fd); usleep(2_000) }
        }
        reader.start()
        // settleMS 1: the sender does not wait for each message to be read, so the burst piles up.
        let results = sent.map { client.send($0, settleMS: 1) }
        #expect(Poll.until { received.count == sent.count })
        #expect(results.allSatisfy { $0 }, "failed sends: \(results.indices.filter { !results[$0] })")
        let inOrder = received.messages == sent
        #expect(inOrder, "received \(received.count) of \(sent.count) messages, or not in order")
    }

    @Test func aMessageIsReadBeforeSendReturns() throws {
        let channel = try smallChannel()
        defer { channel.remove() }
        let client = try #require(ControlClient(path: channel.path))
        defer { client.disconnect() }
        let received = Received()
        let fd = channel.readFD
        let reader = Thread {
            usleep(100_000)
            while received.count == 0 { received.read(fd); usleep(1_000) }
        }
        let started = Date()
        reader.start()
        #expect(client.send(.say("hello"), settleMS: 10_000))
        let waited = Date().timeIntervalSince(started)
        #expect(waited >= 0.1, "send returned after \(waited) s, before loadwrap read the message")
        #expect(lw_unread_bytes(channel.readFD) == 0)
        #expect(Poll.until { received.count == 1 } && received.messages == [.say("hello")])
    }
}

/// Messages a reader thread took from the channel's FIFO (as loadwrap's loop does), shared with
/// the test's thread.
private final class Received: @unchecked Sendable {
    private let lock = NSLock()
    private var decoder = ControlDecoder()
    private var list: [ControlMessage] = []

    /// The messages so far, in order.
    var messages: [ControlMessage] { lock.withLock { list } }
    /// How many so far.
    var count: Int { lock.withLock { list.count } }

    /// Reads what waits on the non-blocking `fd` and decodes it.
    func read(_ fd: Int32) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        FileDescriptorIO.readChunks(fd, into: &buffer) { chunk in
            lock.withLock { list += decoder.feed(chunk) }
            return true
        }
    }
}
