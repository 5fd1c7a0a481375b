import LoadWrapTestSupport

/// Random bytes for loadwrap's control FIFO: real verbs (`say`, `done`, `push`, `join`, `pop`)
/// and junk, carrying escape sequences built so that any that reached the terminal unsanitised
/// would be recognisable (`ESC ] 0 ; PWNED BEL`, `ESC [ 31 m INJECT`, their C1 forms), with NULs,
/// tabs, line breaks, overlong lines, unfinished sequences and arbitrary bytes.
enum ControlPayloadGenerator {
    /// The marker in every injected OSC.
    static let oscMarker = "PWNED"
    /// The marker after every injected SGR.
    static let sgrMarker = "INJECT"

    /// The starts of messages: valid verbs, verbs with wrong fields, and junk. `done` stops the
    /// spinner for good, which leaves the rest of the payload less to act on, so it is rare.
    private static let verbs: [(weight: Int, value: String)] = [
        (30, "say\t"), (1, "done\t"), (1, "done"), (5, "push\t4242\t"), (2, "push\tx\t"), (5, "join\t4242\tbefore\t"),
        (5, "join\t1\tafter\t"), (2, "join\t1\tsideways\t"), (4, "pop\t4242"), (2, "pop\t"), (4, "bogus\t"), (6, ""), (2, "SAY\t"),
    ]

    /// Pieces of message text.
    private static let pieces: [[UInt8]] = [
        Array("\u{1B}]0;\(oscMarker)\u{07}".utf8), Array("\u{1B}]0;\(oscMarker)\u{1B}\\".utf8), Array("\u{1B}]2;\(oscMarker)\u{07}".utf8),
        Array("\u{1B}[31m\(sgrMarker)".utf8), Array("\u{1B}[1;31m\(sgrMarker)\u{1B}[0m".utf8),
        Array("\u{9B}31m\(sgrMarker)".utf8), Array("\u{9D}0;\(oscMarker)\u{9C}".utf8),  // C1 controls, as UTF-8
        [0x9B] + Array("31m\(sgrMarker)".utf8), [0x9D] + Array("0;\(oscMarker)".utf8) + [0x07],  // C1 as raw bytes
        Array("\u{1B}P1$r\(oscMarker)\u{1B}\\".utf8), Array("\u{1B}_\(oscMarker)\u{1B}\\".utf8), Array("\u{1B}(0".utf8),
        Array("\u{1B}[2J\u{1B}[H".utf8), Array("\u{1B}[6n".utf8), Array("\u{1B}".utf8), Array("\u{1B}[".utf8), Array("\u{1B}]0;".utf8),
        [0], [0, 0, 0], [0x09], [0x0A], [0x0D], [0x07], [0x08], [0x7F], Array("\u{202E}".utf8),
        Array("plain text".utf8), Array("日本語 😀".utf8),
    ]

    /// The payload for `seed`: a few dozen messages and fragments, sometimes several KB long.
    static func bytes(seed: UInt64) -> [UInt8] {
        var rng = SplitMix64(seed: seed ^ 0xC0_47_50_1C)
        var out: [UInt8] = []
        for _ in 0..<rng.int(10...60) {
            out += Array(rng.weighted(verbs).utf8)
            for _ in 0..<rng.int(0...5) {
                switch rng.below(10) {
                case 0: out += (0..<rng.int(1...40)).map { _ in UInt8(rng.below(256)) }
                case 1: out += Array(repeating: UInt8(ascii: "x"), count: rng.int(100...1500))  // past the 512-byte limit
                default: out += rng.pick(pieces)
                }
            }
            if rng.chance(80) { out.append(0x0A) }
        }
        return out
    }
}
