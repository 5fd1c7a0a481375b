import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit
@testable import LoadWrapProcess
@testable import LoadWrapRuns

/// Beside a loadwrap that draws: each write in the terminal's turn, kept while the line is
/// unfinished, let go at its end.
@Suite struct BesideRouteTests {
    @Test func writesInTheTurnAndKeepsItWhileTheLineIsUnfinished() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let channel = try #require(ControlChannel(parents: [directory]))
        defer { channel.remove() }
        let turnPath = channel.directory + "/" + TerminalTurn.fileName
        let drawer = try #require(TerminalTurn.create(at: turnPath))
        let joined = try #require(TerminalTurn.join(at: turnPath))
        let client = try #require(ControlClient(path: channel.path))
        let pipe = TestPipe()
        let upstream = Upstream(client: client, relation: .beside(before: true))
        let route = BesideRoute(BesideWriter(turn: joined, upstream: upstream), destination: pipe.writeEnd)

        #expect(RouteRig.write("half", to: route))
        #expect(pipe.take() == "half")
        #expect(!drawer.tryTake(), "the turn is kept while the line is unfinished")
        #expect(RouteRig.write(" done\n", to: route))
        #expect(pipe.take() == " done\n")
        #expect(drawer.tryTake(), "the turn goes at the line's end")
        drawer.release()
    }

    /// The reason goes as it is, after what was held, on lines of its own.
    @Test func abandonWritesTheHeldOutputThenTheReason() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let channel = try #require(ControlChannel(parents: [directory]))
        defer { channel.remove() }
        let turn = try #require(TerminalTurn.create(at: channel.directory + "/" + TerminalTurn.fileName))
        let client = try #require(ControlClient(path: channel.path))
        let pipe = TestPipe()
        let upstream = Upstream(client: client, relation: .beside(before: false))
        let route = BesideRoute(BesideWriter(turn: turn, upstream: upstream), destination: pipe.writeEnd)
        route.abandon("cannot run", after: RouteRig.held("a\nb"))
        #expect(pipe.take() == "a\nb\ncannot run\n")
    }
}
