import Testing

@testable import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct FileDescriptorIOTests {
    /// A pipe whose read end is non-blocking, as the event loop's sources are.
    func nonBlockingPipe() -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        #expect(pipe(&fds) == 0)
        _ = fcntl(fds[0], F_SETFL, fcntl(fds[0], F_GETFL) | O_NONBLOCK)
        return (fds[0], fds[1])
    }

    @Test func readsANonBlockingPipeUntilNothingWaits() {
        let (readEnd, writeEnd) = nonBlockingPipe()
        defer { close(readEnd); close(writeEnd) }
        FileDescriptorIO.writeAll(writeEnd, "abcdefghij")
        var buffer = [UInt8](repeating: 0, count: 4)
        var chunks: [String] = []
        let outcome = FileDescriptorIO.readChunks(readEnd, into: &buffer) { chunk in
            chunks.append(String(decoding: chunk, as: UTF8.self))
            return true
        }
        #expect(chunks == ["abcd", "efgh", "ij"])
        #expect(outcome == .drained)
    }

    @Test func reportsTheEndOnceTheWriterIsGone() {
        let (readEnd, writeEnd) = nonBlockingPipe()
        defer { close(readEnd) }
        FileDescriptorIO.writeAll(writeEnd, "last")
        close(writeEnd)
        var buffer = [UInt8](repeating: 0, count: 64)
        var text = ""
        let outcome = FileDescriptorIO.readChunks(readEnd, into: &buffer) { chunk in
            text += String(decoding: chunk, as: UTF8.self)
            return true
        }
        #expect(text == "last")
        #expect(outcome == .ended)
    }

    @Test func readsABlockingFileToItsEnd() {
        var template = Array("/tmp/loadwrap-fdio.XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        #expect(fd >= 0)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        defer { close(fd) }
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0) }
        bytes.withUnsafeBytes { _ = FileDescriptorIO.writeAll(fd, $0) }
        #expect(lseek(fd, 0, SEEK_SET) == 0)
        var buffer = [UInt8](repeating: 0, count: 4096)
        var read: [UInt8] = []
        let outcome = FileDescriptorIO.readChunks(fd, into: &buffer) { chunk in
            read += chunk
            return true
        }
        #expect(read == bytes)
        #expect(outcome == .ended)
    }

    @Test func stopsWhenTheBodySaysSoOrTheBudgetIsSpent() {
        let (readEnd, writeEnd) = nonBlockingPipe()
        defer { close(readEnd); close(writeEnd) }
        FileDescriptorIO.writeAll(writeEnd, "abcdefghijkl")
        var buffer = [UInt8](repeating: 0, count: 4)
        var count = 0
        #expect(FileDescriptorIO.readChunks(readEnd, into: &buffer) { _ in count += 1; return false } == .drained)
        #expect(count == 1)
        #expect(FileDescriptorIO.readChunks(readEnd, into: &buffer, maxReads: 1) { _ in count += 1; return true } == .drained)
        #expect(count == 2)
        var rest: [UInt8] = []
        FileDescriptorIO.readChunks(readEnd, into: &buffer) { rest += $0; return true }
        #expect(String(decoding: rest, as: UTF8.self) == "ijkl")
    }

    /// The write loop stops where `whenFull` says so, with the bytes taken so far; the same loop,
    /// told to wait for room, gets everything out.
    @Test func theWriteLoopStopsAtAFullPipeOrWaitsForRoom() {
        let (readEnd, writeEnd) = nonBlockingPipe()
        defer { close(readEnd); close(writeEnd) }
        _ = fcntl(writeEnd, F_SETFL, fcntl(writeEnd, F_GETFL) | O_NONBLOCK)
        let bytes = [UInt8](repeating: 0x61, count: 1 << 20)  // more than a pipe holds
        var fullCalls = 0
        let taken = bytes.withUnsafeBytes { chunk in
            FileDescriptorIO.writeLoop(chunk, using: { write(writeEnd, $0, $1) }, whenFull: { fullCalls += 1; return false })
        }
        #expect(fullCalls == 1)
        #expect(taken.map { $0 > 0 && $0 < bytes.count } == true)
        var drained = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        FileDescriptorIO.readChunks(readEnd, into: &buffer) { drained += $0.count; return true }
        #expect(drained == taken)
    }

    /// A descriptor that refuses the bytes (here one open only for reading: EBADF) gives nil,
    /// and `writeAll` false.
    @Test func aRefusedWriteIsNil() {
        let (readEnd, writeEnd) = nonBlockingPipe()
        defer { close(readEnd); close(writeEnd) }
        let taken = Array("x".utf8).withUnsafeBytes { chunk in
            FileDescriptorIO.writeLoop(chunk, using: { write(readEnd, $0, $1) }, whenFull: { true })
        }
        #expect(taken == nil)
        #expect(!FileDescriptorIO.writeAll(readEnd, "x"))
    }
}
