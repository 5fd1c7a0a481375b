import Testing

import LoadWrapTestSupport
@testable import LoadWrapKit
@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One turn of the event loop over real pipes: ready sources are handled in priority order,
/// a source that wants nothing sits the turn out, a deadline already passed returns at once, and
/// a poll that fails for good throws.
@Suite struct EventLoopTests {
    /// A pipe with a source that wants its read end readable while `wanted`, and records each
    /// handling in `log` under its name, reading what waits.
    final class PipeSource: EventSource {
        let name: String
        let readEnd: Int32
        let writeEnd: Int32
        var wanted = true
        let log: Log

        init(_ name: String, log: Log) throws {
            var fds: [Int32] = [-1, -1]
            try #require(pipe(&fds) == 0)
            (readEnd, writeEnd) = (fds[0], fds[1])
            _ = fcntl(readEnd, F_SETFL, fcntl(readEnd, F_GETFL) | O_NONBLOCK)
            self.name = name
            self.log = log
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        func interests(into list: inout [PollInterest]) {
            if wanted { list.append(.readable(readEnd)) }
        }

        func handle(_ fd: Int32, revents: Int16) {
            var buffer = [UInt8](repeating: 0, count: 64)
            var text = ""
            FileDescriptorIO.readChunks(readEnd, into: &buffer) { text += String(decoding: $0, as: UTF8.self); return true }
            log.entries.append("\(name): \(text)")
        }
    }

    /// What the sources handled, in order.
    final class Log {
        var entries: [String] = []
    }

    @Test func readySourcesAreHandledInPriorityOrder() throws {
        let log = Log()
        // Made in reverse, so the descriptors' order is the opposite of the sources'.
        let keys = try PipeSource("keys", log: log)
        let signals = try PipeSource("signals", log: log)
        let output = try PipeSource("output", log: log)
        FileDescriptorIO.writeAll(output.writeEnd, "o")
        FileDescriptorIO.writeAll(keys.writeEnd, "k")
        FileDescriptorIO.writeAll(signals.writeEnd, "s")
        let loop = EventLoop(sources: [signals, keys, output])
        try loop.turn(untilMS: nil, clock: ManualClock())
        #expect(log.entries == ["signals: s", "keys: k", "output: o"])
    }

    @Test func aSourceThatWantsNothingSitsTheTurnOut() throws {
        let log = Log()
        let quiet = try PipeSource("quiet", log: log)
        let busy = try PipeSource("busy", log: log)
        quiet.wanted = false
        FileDescriptorIO.writeAll(quiet.writeEnd, "q")
        FileDescriptorIO.writeAll(busy.writeEnd, "b")
        let loop = EventLoop(sources: [quiet, busy])
        try loop.turn(untilMS: nil, clock: ManualClock())
        #expect(log.entries == ["busy: b"])
        quiet.wanted = true  // interests are asked anew every turn
        try loop.turn(untilMS: nil, clock: ManualClock())
        #expect(log.entries == ["busy: b", "quiet: q"])
    }

    @Test func aDeadlineAlreadyPassedReturnsAtOnceWithNothingHandled() throws {
        let log = Log()
        let idle = try PipeSource("idle", log: log)
        let clock = ManualClock(startMS: 5_000)
        try EventLoop(sources: [idle]).turn(untilMS: 4_000, clock: clock)
        try EventLoop(sources: [idle]).turn(untilMS: 5_000, clock: clock)
        #expect(log.entries.isEmpty)
    }

    /// Linux's poll fails with EINVAL when nfds exceeds RLIMIT_NOFILE (poll(2)): the same
    /// descriptor listed once more than the limit, the failure a command causes by lowering
    /// loadwrap's limit (PollFailureTests). It throws instead of returning as after EINTR, which
    /// the caller would retry at once, for ever.
    @Test(.enabled(if: Self.exceedableLimit != nil, "Linux, with a descriptor limit small enough to exceed"))
    func aPollThatFailsForGoodThrows() throws {
        let source = try RepeatedSource(count: Self.exceedableLimit! + 1)
        #expect(throws: PollFailure.self) { try EventLoop(sources: [source]).turn(untilMS: 0, clock: ManualClock()) }
        #expect(source.handled == 0)
    }

    /// RLIMIT_NOFILE's soft limit on Linux (glibc's sysconf(_SC_OPEN_MAX) reads it), when a list
    /// of that many entries is cheap to make.
    private static var exceedableLimit: Int? {
        let limit = sysconf(Int32(_SC_OPEN_MAX))
        return TestPlatform.isLinux && limit > 0 && limit < 1 << 20 ? limit : nil
    }

    /// A pipe's read end, wanted `count` times in one turn.
    final class RepeatedSource: EventSource {
        let source: PipeSource
        let count: Int
        var handled = 0

        init(count: Int) throws {
            source = try PipeSource("repeated", log: Log())
            self.count = count
        }

        func interests(into list: inout [PollInterest]) {
            list += Array(repeating: .readable(source.readEnd), count: count)
        }

        func handle(_ fd: Int32, revents: Int16) { handled += 1 }
    }
}
