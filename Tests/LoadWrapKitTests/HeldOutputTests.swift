import Dispatch
import Testing

@testable import LoadWrapKit
import LoadWrapTestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct HeldOutputTests {
    /// Removes a directory made by `TestDirectory.make` (it must be empty).
    static func removeDirectory(_ path: String) {
        #expect(rmdir(path) == 0, "\(path) was not empty")
    }

    /// The open descriptors of this process that point at an unlinked spill file in `directory`,
    /// as Linux shows them in /proc/self/fd: `<path> (deleted)`.
    static func unlinkedSpillFiles(in directory: String) -> [String] {
        var found: [String] = []
        for name in TestDirectory.entries("/proc/self/fd") {
            var target = [CChar](repeating: 0, count: 4096)
            let n = readlink("/proc/self/fd/\(name)", &target, target.count - 1)
            guard n > 0 else { continue }
            let path = String(decoding: target[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if path.hasPrefix("\(directory)/loadwrap-held.") && path.hasSuffix(" (deleted)") {
                found.append("/proc/self/fd/\(name)")
            }
        }
        return found
    }

    /// Appends `bytes` to `held` in chunks of `chunk` bytes.
    static func append(_ bytes: [UInt8], to held: HeldOutput, chunk: Int = 4) {
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            bytes[start..<end].withUnsafeBytes { held.append($0) }
            start = end
        }
    }

    /// Everything `held` replays, read back through a pipe by a second thread so a large replay
    /// cannot fill the pipe and block.
    static func replayed(_ held: HeldOutput) -> [UInt8] {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        let reader = Reader(fd: fds[0])
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            reader.readToEnd()
            done.signal()
        }
        held.replay(to: fds[1])
        close(fds[1])
        done.wait()
        close(fds[0])
        return reader.bytes
    }

    /// Reads a descriptor to end of file on another thread; `bytes` is read only after it signals.
    final class Reader: @unchecked Sendable {
        let fd: Int32
        var bytes: [UInt8] = []

        init(fd: Int32) { self.fd = fd }

        func readToEnd() {
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return }
                bytes += buffer[0..<n]
            }
        }
    }

    @Test func nothingHeldReplaysNothing() {
        #expect(Self.replayed(HeldOutput(memoryLimit: 10, directory: "/tmp")) == [])
    }

    @Test(.enabled(if: TestPlatform.isLinux, "looks for the deleted spill file in /proc/self/fd (Linux)"))
    func underTheLimitStaysInMemory() {
        let directory = TestDirectory.make()
        defer { Self.removeDirectory(directory) }
        let held = HeldOutput(memoryLimit: 10, directory: directory)
        Self.append(Array("0123456789".utf8), to: held)
        #expect(Self.unlinkedSpillFiles(in: directory).isEmpty)
        #expect(Self.replayed(held) == Array("0123456789".utf8))
    }

    @Test(.enabled(if: TestPlatform.isLinux, "looks for the deleted spill file in /proc/self/fd (Linux)"))
    func pastTheLimitSpillsToAnUnlinkedPrivateFile() {
        let directory = TestDirectory.make()
        defer { Self.removeDirectory(directory) }
        let held = HeldOutput(memoryLimit: 10, directory: directory)
        let text = Array("out 1\nerr 2\nout 3\nerr 4\n".utf8)
        Self.append(text, to: held, chunk: 6)
        let spills = Self.unlinkedSpillFiles(in: directory)
        #expect(spills.count == 1)
        #expect(TestDirectory.entries(directory) == [])
        var info = stat()
        #expect(stat(spills.first ?? "/nonexistent", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(Self.replayed(held) == text)
        #expect(!held.lostBytes)
    }

    @Test func appendsAfterAReplayFollowInOrder() {
        let directory = TestDirectory.make()
        defer { Self.removeDirectory(directory) }
        let held = HeldOutput(memoryLimit: 10, directory: directory)
        Self.append(Array("first chunk ".utf8), to: held)
        #expect(Self.replayed(held) == Array("first chunk ".utf8))
        Self.append(Array("then more".utf8), to: held)
        #expect(Self.replayed(held) == Array("first chunk then more".utf8))
    }

    @Test(.enabled(if: TestPlatform.isLinux, "looks for the deleted spill file in /proc/self/fd (Linux)"))
    func theSpillFileGoesAwayWithTheHeldOutput() {
        let directory = TestDirectory.make()
        defer { Self.removeDirectory(directory) }
        do {
            let held = HeldOutput(memoryLimit: 1, directory: directory)
            Self.append(Array("spilled".utf8), to: held)
            #expect(Self.unlinkedSpillFiles(in: directory).count == 1)
        }
        #expect(Self.unlinkedSpillFiles(in: directory).isEmpty)
    }

    @Test(.enabled(if: TestPlatform.isLinux, "looks for the deleted spill file in /proc/self/fd (Linux)"))
    func discardLetsGoOfMemoryAndSpillAndLaterAppendsStartAfresh() {
        let directory = TestDirectory.make()
        defer { Self.removeDirectory(directory) }
        let held = HeldOutput(memoryLimit: 4, directory: directory)
        Self.append(Array("spilled, no newline".utf8), to: held)
        #expect(Self.unlinkedSpillFiles(in: directory).count == 1)
        held.discard()
        #expect(Self.unlinkedSpillFiles(in: directory).isEmpty)
        #expect(Self.replayed(held) == [])
        #expect(held.endsAtLineStart)
        Self.append(Array("new\n".utf8), to: held)
        #expect(Self.replayed(held) == Array("new\n".utf8))
    }

    @Test func manyMegabytesThroughASmallLimitReplayWhole() {
        let directory = TestDirectory.make()
        defer { Self.removeDirectory(directory) }
        let held = HeldOutput(memoryLimit: 64 << 10, directory: directory)
        // 8 MiB in uneven chunks, each byte telling its position, so a lost or swapped chunk shows.
        let total = 8 << 20
        var expected: [UInt8] = []
        expected.reserveCapacity(total)
        for i in 0..<total { expected.append(UInt8(truncatingIfNeeded: i &* 31 &+ i >> 13)) }
        Self.append(expected, to: held, chunk: 40_961)
        #expect(TestDirectory.entries(directory) == [])
        let replayed = Self.replayed(held)
        #expect(replayed.count == total)
        #expect(replayed == expected)
        #expect(!held.lostBytes)
    }

    @Test func withoutAUsableDirectoryItKeepsEverythingInMemory() {
        let held = HeldOutput(memoryLimit: 4, directory: "/nonexistent/loadwrap-test")
        Self.append(Array("nothing is lost".utf8), to: held, chunk: 3)
        #expect(Self.replayed(held) == Array("nothing is lost".utf8))
        #expect(!held.lostBytes)
    }

    @Test func defaultDirectoryIsTMPDIR() {
        #expect(HeldOutput.temporaryDirectory("/var/tmp/ci") == "/var/tmp/ci")
        #expect(HeldOutput.temporaryDirectory("") == "/tmp")
        #expect(HeldOutput.temporaryDirectory(nil) == "/tmp")
    }
}
