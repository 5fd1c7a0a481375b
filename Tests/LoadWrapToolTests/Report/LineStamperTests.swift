#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing

@testable import LoadWrapTool

/// `--timestamps`: a stamp before each line as it begins, exact bytes.
@Suite struct LineStamperTests {
    /// The chunks stamped one after the other at `elapsedMS`, as text.
    private static func stamped(_ chunks: [String], at elapsedMS: [Int]) -> [String] {
        var stamper = LineStamper(style: .elapsed)
        return zip(chunks, elapsedMS).map { chunk, ms in
            String(decoding: Array(chunk.utf8).withUnsafeBytes { stamper.stamped($0, elapsedMS: ms) }, as: UTF8.self)
        }
    }

    @Test func elapsedStamps() {
        #expect(LineStamper.elapsed(ms: 0) == "[   0.000s] ")
        #expect(LineStamper.elapsed(ms: 12_345) == "[  12.345s] ")
        #expect(LineStamper.elapsed(ms: 7_005) == "[   7.005s] ")
        #expect(LineStamper.elapsed(ms: 123_456_789) == "[123456.789s] ")
    }

    @Test func utcStamps() {
        #expect(LineStamper.utc(timespec(tv_sec: 1_764_685_805, tv_nsec: 123_456_789)) == "2025-12-02T14:30:05.123Z ")
        #expect(LineStamper.utc(timespec(tv_sec: 0, tv_nsec: 5_000_000)) == "1970-01-01T00:00:00.005Z ")
    }

    /// A line is stamped when its first byte arrives, not when it ends.
    @Test func eachLineWhenItBegins() {
        #expect(Self.stamped(["a\nb", "c\n", "\nd\n"], at: [1_000, 2_000, 3_000])
            == ["[   1.000s] a\n[   1.000s] b", "c\n", "[   3.000s] \n[   3.000s] d\n"])
    }

    /// A `\r` progress line is rewritten under a stamp of its own; `\r\n` ends a line, even split.
    @Test func carriageReturns() {
        #expect(Self.stamped(["10%\r20%\r", "30%\r\n"], at: [0, 1_000])
            == ["[   0.000s] 10%\r[   0.000s] 20%\r", "[   1.000s] 30%\r\n"])
        #expect(Self.stamped(["a\r", "\nb"], at: [0, 1_000]) == ["[   0.000s] a\r", "\n[   1.000s] b"])
        #expect(Self.stamped(["\r\rx"], at: [0]) == ["\r\r[   0.000s] x"])
    }

    /// A nested run's group markers keep the start of their line, and a GitLab header after
    /// its marker's `\r` is no new line; the lines between are stamped.
    @Test func groupMarkersOfNestedRuns() {
        let gitlab = "\u{1B}[0Ksection_start:1:n[collapsed=true]\r\u{1B}[0K▸ step\nout\n\u{1B}[0Ksection_end:1:n\r\u{1B}[0K\n"
        #expect(Self.stamped([gitlab], at: [5])
            == ["\u{1B}[0Ksection_start:1:n[collapsed=true]\r\u{1B}[0K▸ step\n[   0.005s] out\n\u{1B}[0Ksection_end:1:n\r\u{1B}[0K\n"])
        #expect(Self.stamped(["a\n##teamcity[blockOpened name='s']\nb\n"], at: [5])
            == ["[   0.005s] a\n##teamcity[blockOpened name='s']\n[   0.005s] b\n"])
        #expect(Self.stamped(["\u{1B}[31mred\n", "##teamcity[message text='x']\n"], at: [5, 6])
            == ["[   0.005s] \u{1B}[31mred\n", "[   0.006s] ##teamcity[message text='x']\n"])
    }

    /// After a line of loadwrap's own the next byte starts a line.
    @Test func afterAnOwnLine() {
        var stamper = LineStamper(style: .elapsed)
        _ = Array("partial".utf8).withUnsafeBytes { stamper.stamped($0, elapsedMS: 0) }
        stamper.ownLineWritten()
        let next = Array("more".utf8).withUnsafeBytes { stamper.stamped($0, elapsedMS: 5) }
        #expect(String(decoding: next, as: UTF8.self) == "[   0.005s] more")
    }
}
