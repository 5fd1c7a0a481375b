import CLoadWrap
import Testing

import LoadWrapTestSupport
@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ControlChannelTests {
    /// A fresh directory under /tmp, removed with all it holds when the test ends.
    final class Scratch {
        /// Where the directory is.
        let path: String

        /// Makes the directory.
        init() {
            path = TestDirectory.make()
        }

        deinit {
            TestDirectory.remove(path)
        }
    }

    /// `stat` of `path`, or nil when it does not exist.
    func status(_ path: String) -> stat? {
        var info = stat()
        return lstat(path, &info) == 0 ? info : nil
    }

    /// A channel in `scratch`.
    func channel(in scratch: Scratch) throws -> ControlChannel {
        try #require(ControlChannel(parents: [scratch.path]))
    }

    @Test func createsAPrivateDirectoryAndFIFOInItsParent() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        defer { channel.remove() }
        let directory = String(channel.path.dropLast("/control".count))
        #expect(channel.path.hasSuffix("/control"))
        #expect(directory.hasPrefix("\(scratch.path)/loadwrap-\(getuid())."))
        #expect(directory.count == "\(scratch.path)/loadwrap-\(getuid()).XXXXXX".count)
        let dir = try #require(status(directory))
        #expect(dir.st_mode & S_IFMT == S_IFDIR)
        #expect(dir.st_mode & 0o7777 == 0o700)
        #expect(dir.st_uid == getuid())
        let fifo = try #require(status(channel.path))
        #expect(fifo.st_mode & S_IFMT == S_IFIFO)
        #expect(fifo.st_mode & 0o7777 == 0o600)
        #expect(fifo.st_uid == getuid())
    }

    @Test func memoryBackedDirectoriesComeFirstAndEmptyOnesAreSkipped() {
        #if os(Linux)
        #expect(ControlChannel.candidates(["XDG_RUNTIME_DIR": "/run/user/1", "TMPDIR": "/t"])
                == ["/run/user/1", "/dev/shm", "/t", "/tmp"])
        #expect(ControlChannel.candidates(["XDG_RUNTIME_DIR": "", "TMPDIR": ""]) == ["/dev/shm", "/tmp"])
        #else
        #expect(ControlChannel.candidates(["XDG_RUNTIME_DIR": "", "TMPDIR": "/t"]) == ["/t", "/tmp"])
        #endif
    }

    @Test func aMissingParentIsSkippedForTheNext() throws {
        let scratch = Scratch()
        let channel = try #require(ControlChannel(parents: ["\(scratch.path)/missing", scratch.path]))
        defer { channel.remove() }
        #expect(channel.path.hasPrefix("\(scratch.path)/loadwrap-"))
        #expect(TestDirectory.entries(scratch.path).count == 1)  // one directory made, none leaked
    }

    @Test func failsWhenNoParentTakesIt() throws {
        let scratch = Scratch()
        #expect(ControlChannel(parents: ["\(scratch.path)/missing"]) == nil)
        #expect(TestDirectory.entries(scratch.path).isEmpty)
    }

    @Test func removeLeavesTheParentAsItWas() throws {
        let scratch = Scratch()
        try channel(in: scratch).remove()
        #expect(TestDirectory.entries(scratch.path).isEmpty)
    }

    @Test func drainIsEmptyWithNothingSent() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        defer { channel.remove() }
        #expect(channel.drain() == [])
    }

    @Test func messagesFromClientsArriveInOrder() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        defer { channel.remove() }
        let first = try #require(ControlClient(environment: [ControlChannel.variable: channel.path]))
        let second = try #require(ControlClient(environment: [ControlChannel.variable: channel.path]))
        #expect(first.send(.say("Uploading 1/2")))
        #expect(second.send(.push(pid: 77, title: "inner")))
        #expect(first.send(.say("Uploading 2/2")))
        #expect(second.send(.pop(pid: 77)))
        #expect(first.send(.done("Uploaded")))
        first.disconnect()
        second.disconnect()
        #expect(
            channel.drain() == [
                .say("Uploading 1/2"), .push(pid: 77, title: "inner"), .say("Uploading 2/2"), .pop(pid: 77),
                .done("Uploaded"),
            ])
        #expect(channel.drain() == [])
    }

    @Test func manyMessagesArriveWhole() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        defer { channel.remove() }
        let client = try #require(ControlClient(environment: [ControlChannel.variable: channel.path]))
        defer { client.disconnect() }
        let longest = String(repeating: "x", count: 507)
        for _ in 0..<20 { #expect(client.send(.say(longest))) }
        #expect(channel.drain() == Array(repeating: .say(longest), count: 20))
    }

    @Test func aLineWrittenInPartsIsKeptBetweenDrains() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        defer { channel.remove() }
        let writer = open(channel.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        #expect(FileDescriptorIO.writeAll(writer, "say\tha"))
        #expect(channel.drain() == [])
        #expect(FileDescriptorIO.writeAll(writer, "lf\n"))
        #expect(channel.drain() == [.say("half")])
    }

    /// A sender goes on once the FIFO is empty: the drain that reads its message leaves a filler
    /// byte behind it, read only by the next drain, so the message is acted on (or passed on) first.
    @Test func aDrainLeavesTheFIFOLookingUnreadUntilTheNext() throws {
        let scratch = try Scratch()
        let channel = try channel(in: scratch)
        defer { channel.remove() }
        let writer = open(channel.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(writer >= 0)
        defer { close(writer) }
        #expect(FileDescriptorIO.writeAll(writer, "say\thi\n"))
        #expect(channel.drain() == [.say("hi")])
        #expect(lw_unread_bytes(channel.readFD) == 1)
        #expect(channel.drain() == [])
        #expect(lw_unread_bytes(channel.readFD) == 0)
    }

    @Test func removeDeletesTheFIFOAndItsDirectory() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        let directory = String(channel.path.dropLast("/control".count))
        channel.remove()
        #expect(status(channel.path) == nil)
        #expect(status(directory) == nil)
        #expect(TestDirectory.entries(scratch.path) == [])
    }

    @Test func aClientOfARemovedChannelIsNil() throws {
        let scratch = Scratch()
        let channel = try channel(in: scratch)
        channel.remove()
        #expect(ControlClient(environment: [ControlChannel.variable: channel.path]) == nil)
    }

    @Test func aClientWithoutAChannelIsNil() {
        #expect(ControlClient(environment: [:]) == nil)
        #expect(ControlClient(environment: [ControlChannel.variable: ""]) == nil)
    }

    @Test func aClientOfAStaleFIFOIsNil() throws {
        // The FIFO is still there but its loadwrap is gone: no reader.
        let scratch = Scratch()
        let path = "\(scratch.path)/control"
        try #require(mkfifo(path, 0o600) == 0)
        #expect(ControlClient(environment: [ControlChannel.variable: path]) == nil)
    }

    @Test func aClientOfARegularFileIsNilAndLeavesItAlone() throws {
        let scratch = Scratch()
        let path = "\(scratch.path)/control"
        let fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
        try #require(fd >= 0)
        #expect(FileDescriptorIO.writeAll(fd, "precious"))
        close(fd)
        #expect(ControlClient(environment: [ControlChannel.variable: path]) == nil)
        #expect(status(path)?.st_size == 8)
    }

    @Test func aClientOfADirectoryIsNil() throws {
        let scratch = Scratch()
        #expect(ControlClient(environment: [ControlChannel.variable: scratch.path]) == nil)
    }

    // Giving a file to someone else needs root; without it the regular-file case above still runs.
    @Test(.enabled(if: getuid() == 0, "chown needs root"))
    func aClientOfAnotherUsersFIFOIsNil() throws {
        let scratch = Scratch()
        let path = "\(scratch.path)/control"
        try #require(mkfifo(path, 0o666) == 0)
        try #require(chown(path, 65_534, 65_534) == 0)
        let reader = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        try #require(reader >= 0)
        defer { close(reader) }
        #expect(ControlClient(environment: [ControlChannel.variable: path]) == nil)
    }
}
