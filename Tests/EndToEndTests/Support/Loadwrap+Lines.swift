import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reading loadwrap's plain lines and the processes a script announces.
extension Loadwrap {
    /// The lines of `bytes` as a user reads them (CR LF as LF), without the final empty one.
    static func lines(_ bytes: [UInt8]) -> [String] {
        var lines = text(bytes).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// `line` with a trailing elapsed time (`0.3s`, `5m00s`, `1h02m`) replaced by `T`, so lines
    /// with timings compare exactly; a whole-second figure such as `after 1s` is kept.
    static func masked(_ line: String) -> String {
        line.replacing(/(\d+\.\ds|\d+m\d\ds|\d+h\d\dm)$/, with: "T")
    }

    /// The lines of `bytes`, each `masked`.
    static func maskedLines(_ bytes: [UInt8]) -> [String] { lines(bytes).map(masked) }

    /// The environment entry that puts the loadwrap under test first in PATH, so scripts can call
    /// `loadwrap say` as a user would.
    static var pathFirst: [String: String?] {
        let dir = (TestEnvironment.loadwrap as NSString).deletingLastPathComponent
        return ["PATH": dir + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// The pids a script announced with complete `pid N` lines (spinner bytes may precede them).
    static func pids(in bytes: [UInt8]) -> [pid_t] {
        String(decoding: bytes, as: UTF8.self).components(separatedBy: "pid ").dropFirst().compactMap { rest in
            let digits = rest.prefix(while: \.isNumber)
            return rest.dropFirst(digits.count).first?.isNewline == true ? pid_t(digits) : nil
        }
    }

    /// The screen rows (0 = top) that show a `dots` frame.
    static func spinnerRows(_ screen: Screen) -> [String] {
        (0..<screen.rows).map(screen.text(ofRow:)).filter { $0.contains(where: dotsFrames.contains) }
    }

    /// The screen after `bytes` on a 24×80 terminal.
    static func screen(_ bytes: [UInt8]) -> Screen {
        var screen = Screen()
        screen.feed(bytes)
        return screen
    }
}
