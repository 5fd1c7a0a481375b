import TerminalModel
import Testing

@testable import loadwrap_demo

@Suite struct FrameSamplerTests {
    let sampler = FrameSampler(rows: 2, cols: 10)

    @Test func framesFollowTheBytesButNeverCloserThanTheGap() {
        let frames = sampler.frames([TimedBytes(0, "a"), TimedBytes(0.01, "b"), TimedBytes(0.5, "c")])
        #expect(frames.map(\.time) == [0, 1.0 / 15, 0.5])
        #expect(frames.map { $0.frame.rows[0][0..<3].map(\.text).joined() } == ["a  ", "ab ", "abc"])
    }

    @Test func bytesThatChangeNothingMakeNoFrame() {
        let frames = sampler.frames([TimedBytes(0, "a"), TimedBytes(1, "\u{1B}[?25h"), TimedBytes(2, "\u{1B}[?25l")])
        #expect(frames.map(\.time) == [0, 2])
        #expect(frames.map(\.frame.cursor) == [Frame.Cursor(row: 0, col: 1), nil])
    }
}
