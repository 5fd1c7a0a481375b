/// The process environment as a dictionary, read from `environ` without Foundation.
enum ProcessEnvironment {
    /// Every `NAME=value` pair; the first occurrence of a name wins, as `getenv` does.
    static func current() -> [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "="), result[String(pair[..<equals])] == nil {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
