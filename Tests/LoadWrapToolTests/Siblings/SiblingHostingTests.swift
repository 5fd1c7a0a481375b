import LoadWrapTestSupport
import Testing

@testable import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The loadwrap that hosts blocks makes its turn and handover socket as it reads the first nested
/// run's start (`SiblingBlocks.makeTurn`), so that run comes first: it makes the locks itself
/// and waits for the socket; the environment, not a file, tells it that it is hosted.
@Suite struct SiblingHostingTests {
    @Test func aNestedRunThatComesFirstMakesTheTurnTheHostThenShares() throws {
        let rig = try ScratchChannel()
        let upstream = Upstream(client: try #require(ControlClient(path: rig.channel.path)), relation: .nested,
                                hostChannel: rig.channel.path)
        let inner = try #require(upstream.live, "the nested run makes the turn")
        #expect(inner.tryTake())
        let blocks = SiblingBlocks(directory: rig.channel.directory)
        blocks.makeTurn()
        #expect(blocks.turn?.tryTake() == false, "the host opened the same lock, held by the nested run")
        inner.release()
        #expect(blocks.turn?.tryTake() == true)
        blocks.turn?.release()
    }

    @Test func aRunNotHostedMakesNoTurn() throws {
        let rig = try ScratchChannel()
        let upstream = Upstream(client: try #require(ControlClient(path: rig.channel.path)), relation: .nested)
        #expect(upstream.live == nil && upstream.directory == nil)
        #expect(!TestDirectory.entries(rig.channel.directory).contains(SiblingLock.live))
    }

    @Test func aNestedRunWaitsForTheHandoverSocket() throws {
        let rig = try ScratchChannel()
        let blocks = SiblingBlocks(directory: rig.channel.directory)
        var pauses = 0
        let fd = SiblingBlock.connect(rig.channel.directory + "/" + SiblingBlocks.handover) {
            pauses += 1
            if pauses == 3 { blocks.makeTurn() }
        }
        defer { close(fd) }
        #expect(fd >= 0)
        #expect(pauses == 3, "connected once the socket was made, not before")
    }

    @Test func aNestedRunStopsWaitingForAHostThatNeverListens() throws {
        let rig = try ScratchChannel()
        var pauses = 0
        let fd = SiblingBlock.connect(rig.channel.directory + "/" + SiblingBlocks.handover) { pauses += 1 }
        #expect(fd == -1)
        #expect(pauses == SiblingBlock.handoverWaitMS)
    }

    @Test func theLogEntryNamesTheStderrAndTheChannel() {
        let entry = SiblingBlocks.logEntry(2, channelPath: "/run/x/control")
        #expect(SiblingBlocks.hostsBlocks(entry, channelPath: "/run/x/control"))
        #expect(!SiblingBlocks.hostsBlocks(entry, channelPath: "/run/y/control"), "a loadwrap nested in between")
        #expect(!SiblingBlocks.hostsBlocks([:], channelPath: "/run/x/control"))
        let pipe = TestPipe()
        let other = SiblingBlocks.logEntry(pipe.writeEnd, channelPath: "/run/x/control")
        #expect(!other.isEmpty)
        #expect(!SiblingBlocks.hostsBlocks(other, channelPath: "/run/x/control"), "stderr is not that log")
    }
}
