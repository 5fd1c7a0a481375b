import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit
@testable import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Among siblings under a loadwrap in plain mode: streamed with the turn; held without it, with
/// its `say` lines, and left whole for the loadwrap above (`HostedBlocks`), which writes it.
@Suite struct BlockRouteTests {
    /// A loadwrap in plain mode (its `SiblingBlocks`) and a run nested in it, writing to a pipe.
    final class Rig {
        let scratch: ScratchChannel
        let blocks: SiblingBlocks
        let pipe = TestPipe()
        let clock = ManualClock(startMS: 1_000)
        var channel: ControlChannel { scratch.channel }

        init() throws {
            scratch = try ScratchChannel()
            blocks = SiblingBlocks(directory: scratch.channel.directory)
            blocks.makeTurn()
        }

        /// The nested run titled `t`, as it starts now: it streams if the turn is free.
        func route() throws -> BlockRoute {
            let client = try #require(ControlClient(path: channel.path))
            let upstream = Upstream(client: client, relation: .nested, hostChannel: channel.path)
            let frame = BlockFrame(text: ReportText(lines: ReportLines(utf8: false, color: false), result: .always,
                                                    title: "t"), group: nil)
            let block = SiblingBlock(turn: try #require(upstream.live), running: upstream.running, upstream: upstream,
                                     frame: frame, directory: channel.directory, spillDirectory: scratch.directory)
            return BlockRoute(block, clock: clock, destination: pipe.writeEnd)
        }
    }

    /// With the turn free, the output streams as alone, then its end line (issue 44).
    @Test func streamsWithTheTurn() throws {
        let rig = try Rig()
        let route = try rig.route()
        #expect(route.deadlineMS == nil)
        #expect(RouteRig.write("a\n", to: route))
        route.said("next")
        route.finish(.ended(.exited(0)), elapsedMS: 1_500)
        #expect(rig.pipe.take() == "a\nOK t - 1.5s\n")
    }

    /// Held while another has the turn; ended so, its block is left for the loadwrap above,
    /// which writes it whole once it has the turn.
    @Test func holdsWithoutTheTurnAndTheHostWritesTheBlock() throws {
        let rig = try Rig()
        #expect(rig.blocks.turn?.tryTake() == true)
        let route = try rig.route()
        #expect(RouteRig.write("out\n", to: route))
        route.said("next")
        #expect(route.deadlineMS == 0, "the turn is tried at once")
        route.tick()
        #expect(route.deadlineMS == 1_200, "then every 200 ms")
        route.finish(.ended(.exited(0)), elapsedMS: 1_500)
        _ = rig.channel.drain()
        #expect(rig.pipe.take() == "")

        rig.blocks.turn?.release()
        var relayed = 0
        let host = HostedBlocks(rig.blocks) { relayed += 1 }
        #expect(!host.hasWaiting)
        host.announced(pid: getpid())
        #expect(host.hasWaiting)
        host.writeWaiting(last: false) { block in
            block.write { _ = FileDescriptorIO.writeAll(rig.pipe.writeEnd, $0) }
        }
        #expect(rig.pipe.take() == "> t\nout\n> next\nOK t - 1.5s\n")
        #expect(!host.hasWaiting)
        #expect(relayed > 0)
    }

    /// A start that failed closes the block with the reason after what was held.
    @Test func abandonClosesTheBlockWithTheReason() throws {
        let rig = try Rig()
        let route = try rig.route()
        route.abandon("cannot run", after: RouteRig.held("a"))
        #expect(rig.pipe.take() == "a\ncannot run\n")
    }
}
