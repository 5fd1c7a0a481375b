import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit
@testable import LoadWrapRuns
@testable import LoadWrapTool

/// Silent mode over its route: output passed on or held (`--quiet`), shown when the command fails,
/// and before the reason a retry could not start.
@Suite struct SilentPresenterTests {
    @Test func passesOutputOnThroughItsRoute() {
        let pipe = TestPipe()
        let presenter = SilentPresenter(held: nil, route: DirectRoute(destination: pipe.writeEnd))
        #expect(Array("out\n".utf8).withUnsafeBytes { presenter.output($0) })
        presenter.titleChanged("next")
        presenter.finished(.ended(.exited(1)), elapsedMS: 10, afterEarlyStop: false)
        #expect(pipe.take() == "out\n")
        #expect(presenter.deadlineMS == nil)
    }

    @Test func heldOutputShowsWhenTheCommandFails() {
        let pipe = TestPipe()
        let presenter = SilentPresenter(held: HeldOutput(directory: "/tmp"),
                                        route: DirectRoute(destination: pipe.writeEnd))
        _ = Array("kept".utf8).withUnsafeBytes { presenter.output($0) }
        #expect(pipe.take() == "")
        presenter.finished(.ended(.exited(2)), elapsedMS: 10, afterEarlyStop: false)
        #expect(pipe.take() == "kept")
    }

    @Test func heldOutputGoesOnASuccess() {
        let pipe = TestPipe()
        let presenter = SilentPresenter(held: HeldOutput(directory: "/tmp"),
                                        route: DirectRoute(destination: pipe.writeEnd))
        _ = Array("kept".utf8).withUnsafeBytes { presenter.output($0) }
        presenter.finished(.ended(.exited(0)), elapsedMS: 10, afterEarlyStop: false)
        #expect(pipe.take() == "")
    }

    @Test func aStartThatFailedShowsWhatWasHeldThenTheReason() {
        let pipe = TestPipe()
        let presenter = SilentPresenter(held: HeldOutput(directory: "/tmp"),
                                        route: DirectRoute(destination: pipe.writeEnd))
        _ = Array("attempt 1".utf8).withUnsafeBytes { presenter.output($0) }
        presenter.failedToStart("loadwrap: no such command")
        #expect(pipe.take() == "attempt 1\nloadwrap: no such command\n")
    }
}
