import LoadWrapTestSupport

/// Random loadwrap command lines drawn from the real options (`OptionSpec.all` in LoadWrapKit),
/// spelled every way the parser reads them (`--title x`, `--title=x`, `-t x`, `-tx`), with good,
/// odd and garbage values, unknown options and stray words, and usually a witness command at the end.
struct ArgumentVectorGenerator {
    /// An option as the generator knows it: names, and the values to draw for it.
    private struct Option {
        let long: String
        let short: Character?
        /// nil for a flag; otherwise the values to draw from.
        let values: [String]?
        /// The value can only be attached (`--result=failure`).
        var attachedOnly = false
        /// Whether the option may come without its value.
        var bare = true
    }

    /// Durations: valid ones from 0 to very long (the command is trivial, so a long limit never
    /// waits), and malformed ones.
    private static let durations = [
        "0", "1", "0.5", "250ms", "1.5s", "2m", "1h", "5ms", "1ms", ".5", "0.0001s", "99999999h", "9000000000000000000ms",
        "1e3", "-1", "5x", "", "ms", "1.2.3", "99999999999999999999", "1h1m", " 1", "inf", "nan", "١", "0x10", "+1", "5 ms",
    ]

    /// Valid durations near `Int.max` milliseconds, which once overflowed a deadline and crashed loadwrap.
    private static let hugeDurations = ["9223372036854775807ms", "2562047788015h", "9223372036854775s"]

    /// Texts loadwrap prints (titles, end lines): some with escape sequences it must strip.
    private static let texts = [
        "build", "", " ", "日本語のタイトル", "a\u{1B}]0;PWNED\u{07}b", "\u{1B}[31mINJECT", "x\ty\nz", String(repeating: "long ", count: 200),
        "%s%n%d", "--", "-", "\u{202E}rtl", "😀 emoji", "\u{7F}\u{01}ctl",
    ]

    /// `--until` patterns: literal, regex, invalid regex.
    private static let patterns = ["ran", "(", "[a-", "a{2,1}", "(a+)+$", ".*", "\\", "(?<n>x)", "", "a{1000}", "^$", "\u{1B}[31m"]

    private static let options: [Option] = {
        let durations = FuzzSettings.hugeDurations ? Self.durations + Self.hugeDurations : Self.durations
        return [
            Option(long: "--title", short: "t", values: texts),
            Option(long: "--spinner", short: "s", values: ["dots", "line", "arc", "toggle", "simpleDots", "moon", "dotz", "", "DOTS", "\u{1B}[31m"]),
            Option(long: "--list-spinners", short: nil, values: nil),
            Option(long: "--delay", short: nil, values: durations),
            Option(long: "--mode", short: nil, values: ["auto", "overlay", "plain", "silent", "fancy", "", "PLAIN", "\u{1B}[31m"]),
            Option(long: "--color", short: nil, values: ["auto", "always", "never", "sometimes", ""]),
            Option(long: "--quiet", short: "q", values: nil),
            Option(long: "--tail", short: nil, values: ["0", "3", "6", "1000", "1001", "-1", "x", ""], attachedOnly: true),
            // Paths that create nothing: a writable sink, a missing directory (exit 125), none.
            Option(long: "--log", short: nil, values: ["/dev/null", "/nonexistent/dir/log", ""]),
            Option(long: "--trace", short: nil, values: ["/dev/null", "/nonexistent/dir/t.json", ""]),
            Option(long: "--trace-format", short: nil, values: ["chrome", "otlp", "", "json"]),
            // Never bare: that writes loadwrap-timings.html in the working directory.
            Option(long: "--timings", short: nil, values: ["/dev/null", "/nonexistent/dir/t.html"], attachedOnly: true,
                   bare: false),
            Option(long: "--result", short: nil, values: ["always", "failure", "never", "", "bogus"], attachedOnly: true),
            Option(long: "--success", short: nil, values: texts),
            Option(long: "--failure", short: nil, values: texts),
            Option(long: "--heartbeat", short: nil, values: durations),
            Option(long: "--no-group", short: nil, values: nil),
            Option(long: "--no-annotate", short: nil, values: nil),
            Option(long: "--no-summary", short: nil, values: nil),
            Option(long: "--timestamps", short: nil, values: ["elapsed", "utc", "", "local"], attachedOnly: true),
            Option(long: "--until", short: nil, values: patterns),
            Option(long: "--progress-from", short: nil, values: ["percent", "(?<pct>\\d+)%", "(?<done>\\d+)/(?<total>\\d+)", "(\\d+)%", "(?<pct>", ""]),
            Option(long: "--term-progress", short: nil, values: ["auto", "always", "never", "sometimes", ""]),
            Option(long: "--notify", short: nil, values: durations, attachedOnly: true),
            Option(long: "--timeout", short: nil, values: durations),
            Option(long: "--kill-after", short: nil, values: durations),
            // At most one retry a millisecond away: a drawn command may fail, and a run must stay short.
            Option(long: "--retry", short: nil, values: ["0", "1", "101", "-1", "x", ""]),
            Option(long: "--retry-delay", short: nil, values: ["1ms", "0", "1x", ""]),
            Option(long: "--no-retry-after-timeout", short: nil, values: nil),
            Option(long: "--no-history", short: nil, values: nil),
            // Shell command lines that succeed at once; beside the witness, a usage error.
            Option(long: "--command", short: "c", values: ["true", ":", "", "exit 0", "echo ran-c >/dev/null"]),
            Option(long: "--name", short: nil, values: texts),
            Option(long: "--jobs", short: "j", values: ["1", "2", "0", "1001", "-1", "x", ""]),
            Option(long: "--fail-fast", short: nil, values: nil),
            Option(long: "--no-prefix", short: nil, values: nil),
            Option(long: "--generate-manual", short: nil, values: nil),
            Option(long: "--completions", short: nil, values: ["bash", "zsh", "fish", "tcsh", "", "BASH"]),
            Option(long: "--version", short: nil, values: nil),
            Option(long: "--help", short: "h", values: nil),
        ]
    }()

    /// The long names of the options drawn from, for checking them against `--help`.
    static var longNames: Set<String> { Set(options.map(\.long)) }

    /// Words that are no option of loadwrap's, and words that would start the command.
    private static let garbage = ["--bogus", "--spiner", "-x", "---", "--=", "-", "--titl", "-qt", "-Q", "--quiet=yes", "-q1", "zz-not-a-command"]

    private var rng: SplitMix64

    /// The `index`-th vector of `seed`, ending in `witness` (the command) most of the time.
    static func vector(seed: UInt64, index: Int, witness: [String]) -> [String] {
        var generator = ArgumentVectorGenerator(rng: SplitMix64(seed: seed &* 1000 &+ UInt64(index)))
        return generator.vector(witness: witness)
    }

    private mutating func vector(witness: [String]) -> [String] {
        if rng.chance(3) { return [rng.pick(["say", "done", "history"])] + (rng.chance(50) ? [rng.pick(Self.texts)] : []) }
        var words: [String] = []
        for _ in 0..<rng.int(0...5) {
            if rng.chance(10) {
                words.append(rng.pick(Self.garbage))
            } else {
                words += spelled(rng.pick(Self.options))
            }
        }
        switch rng.below(10) {
        case 0: break  // no command
        case 1: words += Array(witness.dropFirst())  // the command without `--`
        default: words += witness
        }
        return words
    }

    /// One option in one of its spellings, sometimes with its value missing.
    private mutating func spelled(_ option: Option) -> [String] {
        guard let values = option.values else {
            return [option.short.map { "-\($0)" }.flatMap { rng.chance(40) ? $0 : nil } ?? option.long]
        }
        let value = rng.pick(values)
        if option.attachedOnly { return option.bare && rng.chance(30) ? [option.long] : ["\(option.long)=\(value)"] }
        if rng.chance(5) { return [option.long] }  // the value is missing, or the next word is taken
        switch (rng.below(4), option.short) {
        case (0, _): return ["\(option.long)=\(value)"]
        case (1, let short?): return ["-\(short)", value]
        case (2, let short?) where !value.isEmpty: return ["-\(short)\(value)"]
        default: return [option.long, value]
        }
    }
}
