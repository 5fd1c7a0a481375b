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

/// The command's stdout on its way to a pipe of loadwrap's: bytes unchanged and in order, shown to
/// `leaving` before they go and to the tap after; a full destination holds the rest back and the
/// loop waits for room; a reader that went away is passed on to the command.
@Suite struct DataRelayTests {
    /// A relay into a fresh destination pipe, which the test reads.
    final class Rig {
        let destination = TestPipe()
        let relay: DataRelay

        init() throws {
            relay = try DataRelay(destination: destination.writeEnd)
        }

        var readEnd: Int32 { destination.readEnd }
        var writeEnd: Int32 { destination.writeEnd }

        /// The command writes `text`.
        func command(writes text: String) {
            #expect(FileDescriptorIO.writeAll(relay.writeEnd, text))
        }

        /// What reached the destination since the last call.
        func received() -> String {
            destination.take()
        }

        /// What the loop would wait for.
        var interests: [PollInterest] {
            var list: [PollInterest] = []
            relay.interests(into: &list)
            return list
        }
    }

    @Test func bytesPassUnchanged() throws {
        let rig = try Rig()
        rig.command(writes: "a\u{1B}[31mb\r\n\u{0}c")
        rig.relay.relayAvailable(maxReads: 8)
        #expect(rig.received() == "a\u{1B}[31mb\r\n\u{0}c")
    }

    @Test func leavingSeesAChunkBeforeItLeavesAndTheTapAfter() throws {
        let rig = try Rig()
        var events: [String] = []
        rig.relay.leaving = { chunk in events.append("leaving \(String(decoding: chunk, as: UTF8.self)) [\(rig.received())]") }
        rig.relay.tap = { chunk in events.append("tap \(String(decoding: chunk, as: UTF8.self))") }
        rig.command(writes: "line\n")
        rig.relay.relayAvailable(maxReads: 8)
        #expect(events == ["leaving line\n []", "tap line\n"])
        #expect(rig.received() == "line\n")
    }

    /// `leaving` saw the chunk once; the bytes the full pipe did not take go later, after `resuming`.
    @Test func aFullDestinationHoldsTheRestUntilThereIsRoom() throws {
        let rig = try Rig()
        _ = fcntl(rig.writeEnd, F_SETFL, fcntl(rig.writeEnd, F_GETFL) | O_NONBLOCK)
        var filler = 0
        while write(rig.writeEnd, "f", 1) == 1 { filler += 1 }
        var (leaving, resuming) = (0, 0)
        rig.relay.leaving = { _ in leaving += 1 }
        rig.relay.resuming = { resuming += 1 }
        rig.command(writes: "late\n")
        rig.relay.relayAvailable(maxReads: 8)
        #expect(rig.interests == [.writable(rig.writeEnd)])
        #expect(rig.received().count == filler)
        rig.relay.handle(rig.writeEnd, revents: Int16(POLLOUT))
        #expect(rig.received() == "late\n")
        #expect((leaving, resuming) == (1, 1))
        #expect(rig.interests.map(\.events) == [Int16(POLLIN)])  // reading the command's pipe again
    }

    @Test func theEndOfTheCommandsOutputEndsPolling() throws {
        let rig = try Rig()
        rig.command(writes: "last\n")
        rig.relay.releaseWriteEnd()
        rig.relay.relayAvailable(maxReads: 8, finishing: true)
        #expect(rig.received() == "last\n")
        #expect(rig.relay.closed)
        #expect(rig.interests.isEmpty)
    }

    /// `| head` has exited: the relay stops, and the command's next write fails as it would bare.
    @Test func aReaderThatWentAwayIsPassedOn() throws {
        let rig = try Rig()
        signal(SIGPIPE, SIG_IGN)
        // The reader's end replaced by /dev/null: the pipe has no reader left, and the number
        // stays taken until the rig closes it.
        let null = open("/dev/null", O_RDONLY)
        #expect(dup2(null, rig.readEnd) == rig.readEnd)
        close(null)
        rig.relay.tap = { _ in }
        rig.command(writes: "to nobody\n")
        rig.relay.relayAvailable(maxReads: 8)
        #expect(rig.relay.closed)
        #expect(write(rig.relay.writeEnd, "x", 1) == -1 && errno == EPIPE)
    }
}
