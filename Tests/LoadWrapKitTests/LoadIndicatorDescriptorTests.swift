import Testing
import LoadWrapTestSupport
@testable import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file-descriptor output: a pipe is not a terminal, a pseudo-terminal is, with its width.
@Suite struct LoadIndicatorDescriptorTests {
    @Test func pipeGetsOnlyPrintedLines() throws {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        defer { close(fds[0]) }
        let indicator = LoadIndicator(
            .init(title: "t", style: .dots, delay: .zero), output: .fileDescriptor(fds[1]), clock: ManualClock(),
            environment: Fixture.plainUTF8, animates: true)
        indicator.run {
            indicator.tick()
            indicator.print("data")
        }
        close(fds[1])
        #expect(readAll(fds[0]) == Fixture.bytes("data\n"))
    }

    @Test func pseudoTerminalIsDrawnAtItsWidth() throws {
        let pty = try TestPty(rows: 24, columns: 23)  // the line takes half
        let (primary, secondary) = (pty.primary, pty.secondary)
        defer { close(primary) }
        var modes = termios()
        tcgetattr(secondary, &modes)
        modes.c_oflag &= ~tcflag_t(OPOST)  // bytes as written, no "\n" to "\r\n"
        tcsetattr(secondary, TCSANOW, &modes)

        let indicator = LoadIndicator(
            .init(title: "Compiling everything", style: .dots, delay: .zero), output: .fileDescriptor(secondary),
            clock: ManualClock(), environment: Fixture.plainUTF8, animates: false)
        indicator.run { indicator.print("ok") }
        close(secondary)
        let expected = Fixture.firstDraw("⠋ Compi… 0s") + Fixture.erase + Fixture.bytes("ok\n")
            + Fixture.firstDraw("⠋ Compi… 0s") + Fixture.erase
        #expect(readAll(primary) == expected)
    }

    /// Reads `fd` until end of data (or EIO, a pty with no writer left).
    private func readAll(_ fd: Int32) -> [UInt8] {
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n > 0 { result += buffer[..<n]; continue }
            if n < 0 && errno == EINTR { continue }
            return result
        }
    }
}
