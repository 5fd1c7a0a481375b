/// Shorthands for running the binary under test and reading what it drew.
enum Loadwrap {
    /// The default `dots` spinner's frames.
    static let dotsFrames: Set<Character> = Set("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// The argv that runs loadwrap with `arguments`.
    static func command(_ arguments: [String]) -> [String] { [TestEnvironment.loadwrap] + arguments }

    /// The argv that runs `script` with the system shell, bare.
    static func sh(_ script: String) -> [String] { ["/bin/sh", "-c", script] }

    /// The distinct `dots` frames among `bytes`.
    static func frames(in bytes: some Sequence<UInt8>) -> Set<Character> {
        Set(String(decoding: Array(bytes), as: UTF8.self).filter { dotsFrames.contains($0) })
    }

    /// The terminal's bytes as a user would read them: CR LF as LF.
    static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}

extension String {
    /// `self` with every `target` replaced (Foundation-free, for the helpers above).
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
