import LoadWrapCore

/// The written forms of a progress value: `52%`, `52.5%`, `3/10`, with `B` after the total for
/// bytes (`1200/5000B`). The same on loadwrap's command line (`loadwrap progress 3/10`, the unit
/// as `--unit B`) and on its control channel.
extension LoadProgress {
    /// The value `text` writes with `unit`, or nil when it is not one of the forms. Numbers are
    /// plain decimals: no signs, exponents, `inf` or `nan`.
    package init?(text: Substring, unit: Unit = .items) {
        if text.hasSuffix("%") {
            guard unit == .items, let percent = Self.decimal(text.dropLast()) else { return nil }
            self.init(percent: percent)
            return
        }
        var text = text
        var unit = unit
        if text.hasSuffix("B") {
            text = text.dropLast()
            unit = .bytes
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let done = Self.decimal(parts[0]), let total = Self.decimal(parts[1]) else { return nil }
        self.init(done: done, total: total, unit: unit)
    }

    /// The form `init(text:)` reads back.
    package var text: String {
        guard let total else { return "\(done)%" }
        return "\(done)/\(total)\(unit == .bytes ? "B" : "")"
    }

    /// `text` as a number if it is digits with at most one decimal point.
    private static func decimal(_ text: Substring) -> Double? {
        guard !text.isEmpty, text != ".", text.utf8.allSatisfy({ $0 == 0x2E || (0x30...0x39).contains($0) }),
              text.utf8.filter({ $0 == 0x2E }).count <= 1 else { return nil }
        return Double(text)
    }
}
