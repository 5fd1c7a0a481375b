/// `value` with at most `places` decimals, trailing zeros dropped (`12.5`, `3`, `0.125`): exact
/// and short, where a Double's own description may print `0.30000000000000004`.
func decimal(_ value: Double, places: Int = 3) -> String {
    var unit = 1
    for _ in 0..<places { unit *= 10 }
    let scaled = Int((value * Double(unit)).rounded())
    let sign = scaled < 0 ? "-" : ""
    let whole = "\(abs(scaled) / unit)"
    var fraction = "\(abs(scaled) % unit)"
    fraction = String(repeating: "0", count: places - fraction.count) + fraction
    while fraction.last == "0" { fraction.removeLast() }
    return sign + whole + (fraction.isEmpty ? "" : "." + fraction)
}
