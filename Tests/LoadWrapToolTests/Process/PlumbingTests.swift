import CLoadWrap
import Testing

@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// When loadwrap lets go of the pseudo-terminal's secondary side: at once where closing it keeps
/// the output not yet read (Linux), only after the final drain where it would flush it (Darwin).
@Suite struct PlumbingTests {
    /// A guest's plumbing over a fresh pseudo-terminal standing in for the real one, whose two
    /// sides are returned for closing.
    func guestPlumbing() throws -> (Plumbing, [Int32]) {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        try #require(lw_openpty(&primary, &secondary) == 0)
        let terminal = try #require(TerminalDevice(fd: secondary))
        let needs = Plumbing.Needs(terminal: terminal, logPipe: false, stdoutPipe: false)
        return (try Plumbing(needs, topology: .guest, keys: nil), [primary, secondary])
    }

    @Test func whereClosingKeepsTheOutputTheSecondaryGoesAtOnce() throws {
        let (plumbing, terminal) = try guestPlumbing()
        defer { terminal.forEach { close($0) } }
        plumbing.commandStarted(traits: .linux)
        #expect(plumbing.pty?.secondary == -1)
    }

    @Test func whereClosingFlushesTheSecondaryStaysUntilTheDrain() throws {
        let (plumbing, terminal) = try guestPlumbing()
        defer { terminal.forEach { close($0) } }
        plumbing.commandStarted(traits: .darwin)
        let secondary = try #require(plumbing.pty?.secondary)
        #expect(secondary >= 0 && fcntl(secondary, F_GETFD) >= 0)
        // What the command wrote just before it ended is still there for the drain.
        #expect(write(secondary, "last line\n", 10) == 10)
        let sink = Collected()
        plumbing.pty?.sink = sink
        plumbing.drain()
        #expect(plumbing.pty?.secondary == -1)
        #expect(String(decoding: sink.bytes, as: UTF8.self) == "last line\n")
    }
}

/// An output sink that keeps what it is given.
private final class Collected: OutputSink {
    /// Everything so far.
    var bytes: [UInt8] = []

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        bytes += chunk
        return true
    }
}
