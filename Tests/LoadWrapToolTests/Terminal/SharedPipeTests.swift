import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What makes the terminal shared: loadwrap's stdout a pipe, whose reader may print on it; and
/// when that reader has caught up with what loadwrap handed it.
@Suite struct SharedPipeTests {
    @Test func aPipeIsSharedAFileIsNot() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        #expect(SharedPipe(fd: fds[1]) != nil)
        let file = open("/dev/null", O_WRONLY)
        defer { close(file) }
        #expect(SharedPipe(fd: file) == nil)
    }

    @Test func theReaderHasCaughtUpOnceItReadEverything() throws {
        var fds: [Int32] = [0, 0]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]); close(fds[1]) }
        let shared = try #require(SharedPipe(fd: fds[1]))
        #expect(shared.caughtUp)
        #expect(write(fds[1], "line\n", 5) == 5)
        #expect(!shared.caughtUp)
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(read(fds[0], &buffer, 16) == 5)
        #expect(shared.caughtUp)
    }
}
