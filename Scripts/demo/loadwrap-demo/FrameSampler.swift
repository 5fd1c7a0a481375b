import TerminalModel

/// Feeds timed bytes to the terminal model and keeps the screens worth showing: a frame where
/// bytes arrived, but none closer than `minimumGap` after the last, and none equal to the one
/// before it.
struct FrameSampler {
    let rows: Int
    let cols: Int
    /// 1/15 s: every step of the default spinner (80 ms) still shows, while a burst of output
    /// (one read per line) becomes one frame instead of dozens.
    var minimumGap = 1.0 / 15

    /// The frames of `events`, which are in time order.
    func frames(_ events: [TimedBytes]) -> [TimedFrame] {
        var screen = Screen(rows: rows, cols: cols)
        var frames: [TimedFrame] = []
        var next = 0
        var sampled = -Double.infinity
        while next < events.count {
            let time = max(events[next].time, sampled + minimumGap)
            while next < events.count && events[next].time <= time {
                screen.feed(events[next].bytes)
                next += 1
            }
            let frame = Frame(screen)
            if frames.last?.frame != frame { frames.append(TimedFrame(frame: frame, time: time)) }
            sampled = time
        }
        return frames
    }
}
