import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct SignalNameTests {
    @Test func namedSignals() {
        #expect(SignalName.of(SIGTERM) == "SIGTERM")
        #expect(SignalName.of(SIGINT) == "SIGINT")
        #expect(SignalName.of(SIGKILL) == "SIGKILL")
        #expect(SignalName.of(SIGHUP) == "SIGHUP")
        #expect(SignalName.of(SIGSEGV) == "SIGSEGV")
        #expect(SignalName.of(SIGPIPE) == "SIGPIPE")
        #expect(SignalName.of(SIGABRT) == "SIGABRT")
        #expect(SignalName.of(SIGVTALRM) == "SIGVTALRM")
        #expect(SignalName.of(SIGWINCH) == "SIGWINCH")
    }

    @Test func platformNumbering() {
        #expect(SignalName.of(15) == "SIGTERM")
        #expect(SignalName.of(9) == "SIGKILL")
        #expect(SignalName.of(2) == "SIGINT")
    }

    @Test func unnamedNumbers() {
        #expect(SignalName.of(0) == "signal 0")
        #expect(SignalName.of(64) == "signal 64")
        #expect(SignalName.of(-1) == "signal -1")
    }
}
