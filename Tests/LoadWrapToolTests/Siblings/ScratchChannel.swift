import LoadWrapTestSupport
import Testing

@testable import LoadWrapRuns

/// A control channel in a scratch directory of its own, both removed when it goes: the loadwrap
/// a nested run reports to, in the tests of hosting blocks and of a nested run's route.
final class ScratchChannel {
    let directory = TestDirectory.make()
    let channel: ControlChannel

    init() throws {
        channel = try #require(ControlChannel(parents: [directory]))
    }

    deinit {
        channel.remove()
        TestDirectory.remove(directory)
    }
}
