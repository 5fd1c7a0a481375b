import Testing

import LoadWrapKit
import LoadWrapTestSupport
@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the plumbing opens for each need, what it hands the spawn and the event loop, how it wires
/// the presenter and the tap, and when loadwrap lets go of the pseudo-terminal's secondary side:
/// at once where closing it keeps the output not yet read (Linux), only after the final drain
/// where it would flush it (Darwin).
@Suite struct PlumbingTests {
    /// A guest's plumbing over a fresh pseudo-terminal standing in for the real one, whose two
    /// sides are returned for closing.
    func guestPlumbing() throws -> (Plumbing, [Int32]) {
        let pty = try TestPty()
        let terminal = try #require(TerminalDevice(fd: pty.secondary))
        let needs = Plumbing.Needs(terminal: terminal, logPipe: false, stdoutPipe: false)
        return (try Plumbing(needs, topology: .guest, keys: nil), [pty.primary, pty.secondary])
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

    /// The log pipe takes stderr, and stdout too where it is the same file; what the command
    /// wrote before it ended reaches the sink in the drain.
    @Test func theLogPipeTakesStderrAndDrainsIntoTheSink() throws {
        let plumbing = try Plumbing(.init(terminal: nil, logPipe: true, stdoutPipe: false), topology: .ownGroup, keys: nil)
        let log = try #require(plumbing.log)
        #expect(plumbing.redirections.map(\.streams) == [FileIdentity.same(1, 2) ? [1, 2] : [2]])
        #expect(plumbing.sources.count == 1 && plumbing.sources.first === log)
        let sink = Collected()
        log.sink = sink
        #expect(FileDescriptorIO.writeAll(log.writeEnd, "done\n"))
        plumbing.commandStarted(traits: Platform.traits)
        #expect(log.writeEnd == -1)
        plumbing.drain()
        #expect(String(decoding: sink.bytes, as: UTF8.self) == "done\n")
    }

    /// stdout gets a pipe of its own only where the log does not cover it; the sources go log, data.
    @Test func stdoutGetsAPipeOfItsOwnWhenNotCovered() throws {
        let plumbing = try Plumbing(.init(terminal: nil, logPipe: true, stdoutPipe: true), topology: .ownGroup, keys: nil)
        let covered = FileIdentity.same(1, 2)
        #expect((plumbing.data == nil) == covered)
        #expect(plumbing.redirections.map(\.streams) == (covered ? [[1, 2]] : [[2], [1]]))
        let expected: [AnyObject?] = [plumbing.log, plumbing.data]
        #expect(plumbing.sources.map { ObjectIdentifier($0) } == expected.compactMap { $0.map(ObjectIdentifier.init) })
    }

    /// A guest's presenter hears of data before it leaves and when held bytes resume; a host's does not.
    @Test(arguments: [true, false])
    func aGuestsPresenterFollowsTheData(guest: Bool) throws {
        let plumbing = try Plumbing(.init(terminal: nil, logPipe: false, stdoutPipe: true), topology: .guest, keys: nil)
        let data = try #require(plumbing.data)
        let presenter = Recording()
        plumbing.connect(to: presenter, guest: guest)
        Array("x".utf8).withUnsafeBytes { chunk in data.leaving?(chunk) }
        data.resuming?()
        #expect(presenter.events == (guest ? ["leaving x", "resuming"] : []))
    }

    @Test func theTapIsSetOnEverySourceAndRemoved() throws {
        let (plumbing, terminal) = try guestPlumbing()
        defer { terminal.forEach { close($0) } }
        plumbing.tap { _ in }
        #expect(plumbing.pty?.tap != nil)
        plumbing.tap(nil)
        #expect(plumbing.pty?.tap == nil)
    }

    /// The command's own terminal is watched on the pseudo-terminal; anything else on the real one.
    @Test func modesAreWatchedWhereTheCommandChangesThem() throws {
        let (plumbing, terminal) = try guestPlumbing()
        defer { terminal.forEach { close($0) } }
        let real = try #require(TerminalDevice(fd: terminal[1]))
        #expect(plumbing.modeWatch(on: real, topology: .ownTerminal).fd == plumbing.pty?.secondary)
        for topology in [Topology.guest, .sharedGroup, .ownGroup] {
            #expect(plumbing.modeWatch(on: real, topology: topology).fd == terminal[1])
        }
    }
}

/// A sink that records what the data relay tells it.
private final class Recording: OutputSink {
    var events: [String] = []

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool { true }
    func dataLeaving(_ chunk: UnsafeRawBufferPointer) { events.append("leaving " + String(decoding: chunk, as: UTF8.self)) }
    func dataResuming() { events.append("resuming") }
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
