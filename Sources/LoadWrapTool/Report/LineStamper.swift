import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Puts a timestamp before every line of a log as its first byte arrives (`--timestamps`): after
/// each line feed, and after a carriage return that does not end a line (a `\r` progress line is
/// rewritten under a stamp of its own, as a log viewer that honours `\r` shows it). Pure but for
/// the wall clock of the `utc` style; the time since the start is passed in.
struct LineStamper {
    let style: TimestampStyle
    /// True when the next byte starts a line.
    private var atLineStart = true
    /// True after a carriage return: a line feed next ends the line, anything else rewrites it.
    private var afterReturn = false
    /// True within a nested run's group marker: no stamp until its line ends.
    private var inMarker = false

    /// The starts of the group markers a nested loadwrap writes where groups nest (`LogGroup`):
    /// unstamped, as this run's own are. On GitLab a stamp before one is a line of its own.
    private static let markers = [Array(LogGroup.gitlabSection.utf8), Array(LogGroup.teamCityBlock.utf8)]

    init(style: TimestampStyle) {
        self.style = style
    }

    /// `chunk` with a stamp before each line that begins in it; `elapsedMS` since the start. A
    /// line that begins with a group marker gets none, when the chunk holds the marker's start:
    /// nested loadwraps write each marker line in one write, which a read rarely cuts.
    mutating func stamped(_ chunk: UnsafeRawBufferPointer, elapsedMS: Int) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(chunk.count + 32)
        var stamp: [UInt8]?
        for (index, byte) in chunk.enumerated() {
            if inMarker {
                out.append(byte)
                if byte == 0x0A { (inMarker, atLineStart, afterReturn) = (false, true, false) }
                continue
            }
            if afterReturn && byte != 0x0A { atLineStart = true }
            afterReturn = byte == 0x0D
            if atLineStart && Self.markers.contains(where: { chunk[index...].starts(with: $0) }) {
                (inMarker, atLineStart, afterReturn) = (true, false, false)
                out.append(byte)
                continue
            }
            if atLineStart && byte != 0x0D {
                if stamp == nil { stamp = Array(text(elapsedMS: elapsedMS).utf8) }
                out += stamp!
                atLineStart = false
            }
            out.append(byte)
            if byte == 0x0A { atLineStart = true }
        }
        return out
    }

    /// Notes that loadwrap wrote a whole line of its own (stamped by `text`) or a group's marker.
    mutating func ownLineWritten() {
        (atLineStart, afterReturn, inMarker) = (true, false, false)
    }

    /// The stamp with its trailing space.
    func text(elapsedMS: Int) -> String {
        switch style {
        case .elapsed: return Self.elapsed(ms: elapsedMS)
        case .utc: return Self.utc(Self.now())
        }
    }

    /// `[   12.345s] `: seconds and milliseconds, right-aligned in eight columns.
    static func elapsed(ms: Int) -> String {
        let ms = max(0, ms)
        let seconds = String(ms / 1000)
        let fraction = String(ms % 1000)
        let number = seconds + "." + String(repeating: "0", count: 3 - fraction.count) + fraction
        return "[" + String(repeating: " ", count: max(0, 8 - number.count)) + number + "s] "
    }

    /// `2026-12-02T14:30:05.123Z ` for a wall-clock time.
    static func utc(_ time: timespec) -> String {
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let ms = Int(time.tv_nsec) / 1_000_000
        let milli = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T"
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)).\(milli)Z "
    }

    /// The wall clock now (CLOCK_REALTIME).
    private static func now() -> timespec {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return time
    }
}
