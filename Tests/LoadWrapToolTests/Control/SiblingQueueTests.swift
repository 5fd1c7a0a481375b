import LoadWrapTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// Held runs take the turn in the order they started, whoever asks first.
@Suite struct SiblingQueueTests {
    @Test func theOldestWaitingIsFirstAndTheNextOnceItLeaves() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let later = try #require(SiblingQueue(directory: directory, startNS: 2_000))
        let earlier = try #require(SiblingQueue(directory: directory, startNS: 1_000))
        #expect(!later.lookIfFirst())
        #expect(earlier.lookIfFirst())
        #expect(SiblingQueue.anyBeside(in: directory))
        earlier.leave()
        #expect(later.lookIfFirst())
        later.leave()
        #expect(TestDirectory.entries(directory) == [])
        #expect(!SiblingQueue.anyBeside(in: directory))
    }

    /// A place whose run died (its lock free) holds no one back, and goes.
    @Test func aPlaceLeftByARunThatDiedIsRemoved() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let stale = "\(directory)/wait.00000000000000000001.99999"
        close(open(stale, O_WRONLY | O_CREAT, 0o600))
        let queue = try #require(SiblingQueue(directory: directory, startNS: 5))
        #expect(queue.lookIfFirst())
        #expect(access(stale, F_OK) != 0)
        queue.leave()
    }

    /// A block left for the outer counts as a run beside, as does a place in line.
    @Test func aBlockLeftCountsAsBeside() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        #expect(!SiblingQueue.anyBeside(in: directory))
        close(open(SiblingBlocks.path(in: directory, pid: 42) + ".part", O_WRONLY | O_CREAT, 0o600))
        #expect(!SiblingQueue.anyBeside(in: directory), "a block still being written")
        close(open(SiblingBlocks.path(in: directory, pid: 43), O_WRONLY | O_CREAT, 0o600))
        #expect(SiblingQueue.anyBeside(in: directory))
    }
}
