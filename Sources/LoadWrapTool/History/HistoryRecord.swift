/// One remembered run: whose it was (the key), how long it took, whether it succeeded, and when
/// it ended. Stored as one line of text, `<key> <elapsed ms> ok|fail <unix seconds>`, e.g.
/// `9f86d081884c7d65 65012 ok 1764583442`.
struct HistoryRecord: Equatable, Sendable {
    /// The run's key.
    var key: HistoryKey
    /// Milliseconds from start to end (or to an early stop).
    var elapsedMS: Int
    /// True for a run that succeeded.
    var succeeded: Bool
    /// When it ended, seconds since 1970.
    var unixTime: Int

    /// The record as one stored line, newline included.
    var line: String {
        "\(key.hex) \(elapsedMS) \(succeeded ? "ok" : "fail") \(unixTime)\n"
    }

    /// The record a stored line (without its newline) holds, or nil when the line is not exactly
    /// one: anything else in a file (a torn write, foreign bytes) is skipped, never trusted.
    init?(line: ArraySlice<UInt8>) {
        let fields = line.split(separator: 0x20, omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0].count == 16, let key = Self.hex(fields[0]),
              let elapsed = Self.decimal(fields[1], maxDigits: 13),
              let time = Self.decimal(fields[3], maxDigits: 12)
        else { return nil }
        switch Array(fields[2]) {
        case Array("ok".utf8): succeeded = true
        case Array("fail".utf8): succeeded = false
        default: return nil
        }
        self.key = HistoryKey(value: key)
        elapsedMS = elapsed
        unixTime = time
    }

    /// A record of a run just ended.
    init(key: HistoryKey, elapsedMS: Int, succeeded: Bool, unixTime: Int) {
        self.key = key
        self.elapsedMS = elapsedMS
        self.succeeded = succeeded
        self.unixTime = unixTime
    }

    /// Lowercase hex digits as a number, or nil.
    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for digit in digits {
            switch digit {
            case 0x30...0x39: value = value << 4 | UInt64(digit - 0x30)
            case 0x61...0x66: value = value << 4 | UInt64(digit - 0x61 + 10)
            default: return nil
            }
        }
        return value
    }

    /// Decimal digits (one to `maxDigits`) as a number, or nil.
    private static func decimal(_ digits: ArraySlice<UInt8>, maxDigits: Int) -> Int? {
        guard (1...maxDigits).contains(digits.count) else { return nil }
        var value = 0
        for digit in digits {
            guard (0x30...0x39).contains(digit) else { return nil }
            value = value * 10 + Int(digit - 0x30)
        }
        return value
    }
}
