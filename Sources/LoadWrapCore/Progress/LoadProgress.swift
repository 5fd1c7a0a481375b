/// How far along the work is: a percentage, or an amount done of a total, counted in items or
/// bytes. The value is kept as it was given (a tool may restart a phase and go backwards); only
/// the drawing clamps it.
public struct LoadProgress: Equatable, Sendable {
    /// What the amounts count.
    public enum Unit: Equatable, Sendable {
        /// Items: files, tests, steps (`3/10`).
        case items
        /// Bytes, shown in binary multiples (`1.2/4.9 MiB`).
        case bytes
    }

    /// The amount done, in `unit`s; a percentage when `total` is nil.
    public let done: Double
    /// The amount to do, or nil when `done` is a percentage.
    public let total: Double?
    /// What `done` and `total` count: items or bytes.
    public let unit: Unit

    /// `percent` of the work (0…100) is done.
    public init(percent: Double) {
        done = percent
        total = nil
        unit = .items
    }

    /// `fraction` of the work (0…1) is done.
    public init(fraction: Double) {
        self.init(percent: fraction * 100)
    }

    /// `done` of `total` items or bytes are done; nil when `total` is not positive.
    public init?(done: Double, total: Double, unit: Unit = .items) {
        guard total > 0, done.isFinite, total.isFinite else { return nil }
        self.done = done
        self.total = total
        self.unit = unit
    }

    /// The share done, 0…1, for the bar and the estimate.
    public var fraction: Double {
        let share = total.map { done / $0 } ?? done / 100
        return share.isFinite ? min(1, max(0, share)) : 0
    }

    /// The figures beside the bar: `52%`, `3/10`, `1.2/4.9 MiB`.
    package var figures: String {
        guard let total else { return "\(Int(fraction * 100))%" }
        switch unit {
        case .items: return "\(Self.number(done))/\(Self.number(total))"
        case .bytes: return ByteFormat.pair(done, of: total)
        }
    }

    /// A whole number without a decimal point, anything else to one decimal.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return "\(Int(value))" }
        return ByteFormat.oneDecimal(value)
    }
}

/// Byte amounts in binary multiples, both of a pair in the total's multiple: `1.2/4.9 MiB`.
enum ByteFormat {
    private static let prefixes = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]

    static func pair(_ done: Double, of total: Double) -> String {
        var index = 0
        var scale = 1.0
        while index < prefixes.count - 1 && total / scale >= 1024 {
            scale *= 1024
            index += 1
        }
        let show = { (value: Double) in index == 0 ? LoadProgress.number(value) : oneDecimal(value / scale) }
        return "\(show(done))/\(show(total)) \(prefixes[index])"
    }

    /// `value` to one decimal, truncated: `4.9`, `12.0`.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((abs(value) * 10).rounded(.down))
        return "\(value < 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
    }
}
