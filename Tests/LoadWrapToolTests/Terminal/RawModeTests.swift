import Testing

import LoadWrapTestSupport
@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Raw mode on a fresh pseudo-terminal standing in for the real one: claimed only when set, and
/// given up only once the saved modes are back.
@Suite struct RawModeTests {
    /// A pseudo-terminal's two sides.
    func terminal() throws -> (primary: Int32, secondary: Int32) {
        let pty = try TestPty()
        return (pty.primary, pty.secondary)
    }

    /// The local modes of `fd`.
    func localModes(_ fd: Int32) -> tcflag_t {
        var modes = termios()
        #expect(tcgetattr(fd, &modes) == 0)
        return modes.c_lflag
    }

    @Test func entersAndRestores() throws {
        let (primary, secondary) = try terminal()
        defer { close(primary); close(secondary) }
        let before = localModes(secondary)
        let keys = try #require(RawMode(fd: secondary))
        keys.enter()
        #expect(keys.isActive)
        #expect(localModes(secondary) & tcflag_t(ICANON | ECHO | ISIG) == 0)
        keys.restore()
        #expect(!keys.isActive)
        #expect(localModes(secondary) == before)
    }

    /// `/dev/null` put where the terminal was: ENOTTY for every change of modes.
    func replaceWithNull(_ fd: Int32) {
        let null = open("/dev/null", O_RDWR)
        #expect(dup2(null, fd) == fd)
        close(null)
    }

    @Test func aTerminalThatRefusesRawModeIsNotClaimed() throws {
        let (primary, secondary) = try terminal()
        defer { close(primary); close(secondary) }
        let keys = try #require(RawMode(fd: secondary))
        replaceWithNull(secondary)
        keys.enter()
        #expect(!keys.isActive)
    }

    @Test func aRefusedRestoreKeepsRawModeClaimedForTheNextWayOut() throws {
        let (primary, secondary) = try terminal()
        defer { close(primary); close(secondary) }
        let keys = try #require(RawMode(fd: secondary))
        keys.enter()
        replaceWithNull(secondary)
        keys.restore()
        #expect(keys.isActive)
    }
}
