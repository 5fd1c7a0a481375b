import LoadWrapCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What the data a guest hands to a pipe leaves on the terminal once its reader prints it, as `cat`
/// or `tee` would; a reader that filters (`grep`) prints less, so this errs on the safe side. It
/// tells the painter before each chunk leaves: the line goes first, and stays away until the pipe
/// has been quiet a while, and while the data has left a partial line or an unfinished sequence.
struct PipeFollower {
    /// A consumer such as `cat`, `grep` or `jq` prints within milliseconds of reading; this leaves
    /// a loaded machine room for that before the line is drawn under what it printed.
    static let defaultQuietMS = 150

    /// How long the pipe must be quiet before the line comes back.
    let quietMS: Int
    /// What the data has left on the terminal, as its reader printed it.
    private var passed = OutputScanner()
    /// False once the data turned out to be binary (a NUL byte): its reader does not print it
    /// (`| gzip > f`, `| tar x`), so it says nothing about the terminal.
    private var follows = true

    init(quietMS: Int = Self.defaultQuietMS) {
        self.quietMS = quietMS
    }

    /// The bytes to write before `chunk` leaves through the pipe, and what it tells `painter`.
    mutating func leaving(_ chunk: UnsafeRawBufferPointer, nowMS: Int, painter: inout Painter) -> [UInt8] {
        let bytes = resuming(nowMS: nowMS, painter: &painter)
        guard follows && chunk.count > 0 else { return bytes }
        if Self.isBinary(chunk) {
            follows = false
            passed = passed.keepingOnlyModes()  // its reader printed the text before
            painter.othersKept(OthersOnTerminal(passed))
        } else {
            if !painter.othersWroteLast { passed.mark(atLineStart: painter.commandAtLineStart) }
            passed.columns = painter.columns
            passed.scan(chunk)
            painter.othersPrinted(OthersOnTerminal(passed))
        }
        return bytes
    }

    /// The bytes to write before data already followed (`leaving`) goes out late, the pipe having
    /// been full: the line away again, until the pipe has been quiet a while.
    func resuming(nowMS: Int, painter: inout Painter) -> [UInt8] {
        painter.othersAboutToPrint(quietUntilMS: nowMS + quietMS)
    }

    /// True when `chunk` holds a NUL byte: data, not text for a terminal.
    private static func isBinary(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard let base = chunk.baseAddress else { return false }
        return memchr(base, 0, chunk.count) != nil
    }
}
