import LoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The cost of one frame of the overlay (erase, then redraw of an unchanged title), measured
/// in a tight loop over the pure renderer for `make bench` (the `loadwrap-frame-bench` tool).
enum FrameBenchmark {
    /// Nanoseconds per frame over `frames` frames of a dots spinner with `title`, colour on,
    /// the clock stepping one frame interval each time (so the elapsed second changes as in a run).
    static func nanosecondsPerFrame(frames: Int, title: String, columns: Int) -> Double {
        let style = SpinnerStyle.dots
        var overlay = Overlay(look: Overlay.Look(style: style, color: true, utf8: true), title: title,
                              startMS: 0, delayMS: 0, columns: columns)
        var sink = 0
        let start = now()
        for i in 0..<frames {
            sink &+= overlay.erase().count
            sink &+= overlay.draw(nowMS: i * style.intervalMS, commandHidCursor: false).count
        }
        let elapsed = now() - start
        if sink == 0 { print("") }  // keeps the loop from being optimised away
        return Double(elapsed) / Double(frames)
    }

    /// The monotonic clock in nanoseconds.
    private static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }
}
