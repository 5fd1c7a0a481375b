import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct BackgroundWorkTests {
    @Test func handsOverTheValueOnce() throws {
        let work = try #require(BackgroundWork.start { 42 })
        #expect(work.value(waitingMS: 5000) == 42)
        #expect(work.value(waitingMS: 0) == nil)
    }

    /// A slow body is not waited for beyond the limit, however long the thread may take to
    /// start; its value is there once it is done.
    @Test(arguments: [nil, 5_000] as [Int?])
    func aSlowBodyIsNotWaitedFor(_ startMS: Int?) throws {
        let work = try #require(BackgroundWork.start { () -> Int in usleep(300_000); return 7 })
        var before = timespec()
        clock_gettime(CLOCK_MONOTONIC, &before)
        #expect(work.value(waitingMS: 20, toStartMS: startMS) == nil)
        var after = timespec()
        clock_gettime(CLOCK_MONOTONIC, &after)
        let waitedMS = (after.tv_sec - before.tv_sec) * 1000 + (after.tv_nsec - before.tv_nsec) / 1_000_000
        #expect(waitedMS < 200)
        #expect(work.value(waitingMS: 5000) == 7)
    }
}
