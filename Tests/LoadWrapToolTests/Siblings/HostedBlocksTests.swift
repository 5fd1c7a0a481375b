import LoadWrapTestSupport
import Testing

@testable import LoadWrapKit
@testable import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The hosting side at an attempt's end: every block left is written, announced or not, after the
/// log is relayed; a run that hosts none writes nothing.
@Suite struct HostedBlocksTests {
    @Test func theLastTimeWritesBlocksLeftUnannounced() {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let blocks = SiblingBlocks(directory: directory)
        blocks.makeTurn()
        for (pid, text) in [(7, "seven\n"), (5, "five\n")] {
            let file = open(SiblingBlocks.path(in: directory, pid: Int32(pid)), O_WRONLY | O_CREAT, 0o600)
            FileDescriptorIO.writeAll(file, text)
            close(file)
        }
        var log: [String] = []
        let host = HostedBlocks(blocks) { log.append("relay") }
        host.writeWaiting(last: false) { _ in log.append("none announced") }
        host.writeWaiting(last: true) { block in
            block.write { log.append(String(decoding: $0, as: UTF8.self)) }
        }
        #expect(log.filter { $0 != "relay" } == ["five\n", "seven\n"])
        #expect(log.first == "relay", "the log goes first")
        #expect(!TestDirectory.entries(directory).contains { $0.hasPrefix(SiblingBlocks.prefix) })
    }

    @Test func noHostedBlocksHasNothingToWrite() {
        let host = NoHostedBlocks()
        host.announced(pid: 5)
        #expect(!host.hasWaiting)
        var called = false
        host.writeWaiting(last: true) { _ in called = true }
        #expect(!called)
    }
}
