import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ReportLinesTests {
    let utf8 = ReportLines(utf8: true, color: false)
    let ascii = ReportLines(utf8: false, color: false)
    let colored = ReportLines(utf8: true, color: true)

    @Test func startLine() {
        #expect(utf8.start("make -j8") == "▸ make -j8\n")
        #expect(ascii.start("make -j8") == "> make -j8\n")
    }

    @Test func heartbeatLine() {
        #expect(utf8.heartbeat("make -j8", elapsedMS: 300_000) == "… make -j8 · still running · 5m00s\n")
        #expect(ascii.heartbeat("make -j8", elapsedMS: 300_000) == "... make -j8 - still running - 5m00s\n")
    }

    @Test func endLineOnSuccess() {
        #expect(utf8.end("make -j8", outcome: .ended(.exited(0)), elapsedMS: 12_400) == "✔ make -j8 · 12.4s\n")
        #expect(ascii.end("make -j8", outcome: .ended(.exited(0)), elapsedMS: 12_400) == "OK make -j8 - 12.4s\n")
    }

    @Test func endLineOnFailure() {
        #expect(
            utf8.end("make -j8", outcome: .ended(.exited(2)), elapsedMS: 12_400) == "✖ make -j8 · exit 2 · 12.4s\n")
        #expect(
            utf8.end("make -j8", outcome: .ended(.killed(SIGTERM)), elapsedMS: 3_000)
                == "✖ make -j8 · killed by SIGTERM · 3.0s\n")
        #expect(
            ascii.end("make -j8", outcome: .ended(.exited(2)), elapsedMS: 12_400) == "FAIL make -j8 - exit 2 - 12.4s\n")
    }

    @Test func timeoutEndLineLeavesOutTheElapsedTime() {
        #expect(
            utf8.end("make -j8", outcome: .timedOut(afterMS: 30_000), elapsedMS: 30_012)
                == "✖ make -j8 · timed out after 30s\n")
        #expect(
            ascii.end("make -j8", outcome: .timedOut(afterMS: 30_000), elapsedMS: 30_012)
                == "FAIL make -j8 - timed out after 30s\n")
    }

    @Test func colourMarksOnlyTheMark() {
        #expect(
            colored.end("make", outcome: .ended(.exited(0)), elapsedMS: 1_000)
                == "\u{1B}[32m✔\u{1B}[39m make · 1.0s\n")
        #expect(
            colored.end("make", outcome: .ended(.exited(1)), elapsedMS: 1_000)
                == "\u{1B}[31m✖\u{1B}[39m make · exit 1 · 1.0s\n")
        #expect(
            ReportLines(utf8: false, color: true).end("make", outcome: .ended(.exited(1)), elapsedMS: 1_000)
                == "\u{1B}[31mFAIL\u{1B}[39m make - exit 1 - 1.0s\n")
        #expect(colored.start("make") == "▸ make\n")
        #expect(colored.heartbeat("make", elapsedMS: 60_000) == "… make · still running · 1m00s\n")
    }

    @Test func linesWithoutColourHaveNoEscapeByte() {
        let lines = [
            utf8.start("make"), utf8.heartbeat("make", elapsedMS: 5_000),
            utf8.end("make", outcome: .ended(.exited(0)), elapsedMS: 5),
            ascii.end("make", outcome: .ended(.killed(9)), elapsedMS: 5),
        ]
        for line in lines { #expect(!line.utf8.contains(0x1B), "\(line)") }
    }
}
