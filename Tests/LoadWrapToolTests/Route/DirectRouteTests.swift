import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit
@testable import LoadWrapRuns

/// Straight to the descriptor: the bytes as written, and a reason on lines of its own.
@Suite struct DirectRouteTests {
    @Test func writesTheChunkAsItIs() {
        let pipe = TestPipe()
        let route = DirectRoute(destination: pipe.writeEnd)
        #expect(RouteRig.write("a\u{1B}[1mb", to: route))
        #expect(RouteRig.write("c\n", to: route))
        #expect(pipe.take() == "a\u{1B}[1mbc\n")
        #expect(route.deadlineMS == nil)
    }

    /// What was held ends its unfinished line before the reason.
    @Test func abandonWritesTheHeldOutputOnLinesOfItsOwnThenTheReason() {
        let pipe = TestPipe()
        let route = DirectRoute(destination: pipe.writeEnd)
        route.abandon("loadwrap: cannot run", after: RouteRig.held("partial"))
        #expect(pipe.take() == "partial\nloadwrap: cannot run\n")
        route.abandon("again", after: nil)
        #expect(pipe.take() == "again\n")
    }

    /// A `say` or an end adds nothing of its own.
    @Test func saysAndEndsWithNothing() {
        let pipe = TestPipe()
        let route = DirectRoute(destination: pipe.writeEnd)
        route.said("next")
        route.finish(.ended(.exited(0)), elapsedMS: 10)
        #expect(pipe.take() == "")
    }
}
