import CLoadWrap
import Foundation
import LoadWrapTestSupport
import Testing

@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// The command's side of the channel: a message waits until it has been read, and a burst
/// larger than the FIFO (8 KiB on Darwin) waits for room instead of failing.
@Suite struct ControlClientTests {
    /// A channel in /tmp whose FIFO holds 4 KiB where Linux lets it shrink (F_SETPIPE_SZ), like
    /// Darwin's 8 KiB socket buffer, smaller than the bursts below.
    func smallChannel() throws -> ControlChannel {
        let channel = try #require(ControlChannel(parents: ["/tmp"]))
        let setPipeSize: Int32 = 1031  // F_SETPIPE_SZ, Linux only
        if TestPlatform.isLinux { try #require(fcntl(channel.readFD, setPipeSize, Self.capacity) == Self.capacity) }
        return channel
    }

    /// What the small channel's FIFO holds: 4 KiB on Linux as set, XNU's fixed 8 KiB (PIPSIZ).
    static let capacity: Int32 = TestPlatform.isLinux ? 4096 : 8192

    @Test func aBurstLargerThanTheFIFOArrivesWholeOnceLoadwrapReadsAgain() throws {
        let channel = try smallChannel()
        defer { channel.remove() }
        let client = try #require(ControlClient(path: channel.path))
        defer { client.disconnect() }
        let sent = (0..<40).map { ControlMessage.say("\($0) " + String(repeating: "x", count: 400)) }
        let received = Received()
        let fd = channel.readFD
        // Loadwrap busy: it reads nothing until the FIFO has no room for another message and,
        // where that can be seen, the sender waits in poll(2) for room: the case under test.
        let full = Self.capacity - Int32(sent.map(\.encoded.count).min() ?? 0)
        let sender = Self.threadID()
        let waited = Flag()
        let reader = Thread {
            let waiting = { () -> Bool in
                guard lw_unread_bytes(fd) > full else { return false }
                guard let sender else { return true }
                return Self.thread(sender, isIn: [Self.pollCall])
            }
            guard Poll.until(waiting) else { return }
            waited.set()
            _ = Poll.until(every: 0.002) { received.read(fd); return received.count == sent.count }
        }
        reader.start()
        // settleMS 1: the sender does not wait for each message to be read, so the burst piles up.
        let results = sent.map { client.send($0, settleMS: 1, roomMS: Self.roomMS) }
        #expect(Poll.until { received.count == sent.count })
        #expect(waited.isSet, "the sender never waited for room")
        #expect(results.allSatisfy { $0 }, "failed sends: \(results.indices.filter { !results[$0] })")
        let inOrder = received.messages == sent
        #expect(inOrder, "received \(received.count) of \(sent.count) messages, or not in order")
    }

    /// How long a send of the burst waits for room: as long as the tests' other waits, so a
    /// reader thread slow to run on a loaded machine does not fail it.
    static let roomMS = 20_000

    /// Linux x86_64's numbers for poll(2), and for nanosleep(2) and clock_nanosleep(2), which
    /// usleep(3) calls.
    static let pollCall = "7"
    static let sleepCalls: Set<String> = ["35", "230"]

    /// The calling thread's id, where /proc shows what each thread waits in (Linux x86_64, whose
    /// system call numbers these are); nil elsewhere.
    static func threadID() -> String? {
        #if arch(x86_64)
        guard TestPlatform.isLinux else { return nil }
        return (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/thread-self"))
            .map { ($0 as NSString).lastPathComponent }
        #else
        return nil
        #endif
    }

    /// Whether thread `tid` of this process is blocked in one of `calls` (proc(5): the first field
    /// of /proc/PID/task/TID/syscall is the number of the call it is in).
    static func thread(_ tid: String, isIn calls: Set<String>) -> Bool {
        let line = (try? String(contentsOfFile: "/proc/self/task/\(tid)/syscall", encoding: .utf8)) ?? ""
        return line.split(separator: " ").first.map { calls.contains(String($0)) } ?? false
    }

    @Test func aMessageIsReadBeforeSendReturns() throws {
        let channel = try smallChannel()
        defer { channel.remove() }
        let client = try #require(ControlClient(path: channel.path))
        defer { client.disconnect() }
        let received = Received()
        let fd = channel.readFD
        let sender = Self.threadID()
        let reader = Thread {
            if let sender {
                // Loadwrap reads only once send waits for it: the message unread, the sender asleep
                // in its settle loop. A send that returned at once would find the message unread.
                _ = Poll.until(every: 0.001) { lw_unread_bytes(fd) > 0 && Self.thread(sender, isIn: Self.sleepCalls) }
            } else {
                usleep(100_000)  // loadwrap busy for 0.1 s: send must wait at least that long
            }
            _ = Poll.until(every: 0.001) { received.read(fd); return received.count > 0 }
        }
        let started = Date()
        reader.start()
        #expect(client.send(.say("hello"), settleMS: 10_000))
        let waited = Date().timeIntervalSince(started)
        #expect(sender != nil || waited >= 0.1, "send returned after \(waited) s, before loadwrap read the message")
        #expect(lw_unread_bytes(channel.readFD) == 0, "send returned before loadwrap read the message")
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

/// A flag one thread sets and another reads.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    /// Whether it has been set.
    var isSet: Bool { lock.withLock { value } }

    /// Sets it.
    func set() { lock.withLock { value = true } }
}
