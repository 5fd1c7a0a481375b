/// A generated terminal program: writes with pauses between them, runnable as a shell script of
/// `printf` calls (one write each) and `sleep`s, which is also how a failure prints it.
struct OutputProgram: Sendable, CustomStringConvertible {
    /// One step of the program.
    enum Step: Sendable, Equatable {
        /// One `write` of these bytes.
        case write([UInt8])
        /// A pause of this many milliseconds.
        case pause(milliseconds: Int)
    }

    /// The seed it was generated from.
    let seed: UInt64
    /// The features it was generated with.
    let features: OutputFeatures
    /// Its steps, in order.
    let steps: [Step]

    /// The program as a POSIX shell script: every byte outside a small safe set is an octal escape,
    /// so the script is plain ASCII and survives being printed in a test log.
    var script: String { script(pauses: true) }

    /// The script, with or without its `sleep`s.
    func script(pauses: Bool) -> String {
        steps.compactMap { step in
            switch step {
            case .pause where !pauses: return nil
            // A leading `-` would read as an option: it is escaped like the rest.
            case .write(let bytes): return "printf '" + bytes.enumerated().map { Self.escaped($1, first: $0 == 0) }.joined() + "'"
            case .pause(let ms) where ms > 0: return "sleep \(ms / 1000).\(String(ms % 1000 + 1000).dropFirst())"
            case .pause: return nil
            }
        }.joined(separator: "\n")
    }

    /// Every byte the program writes, in order.
    var bytes: [UInt8] {
        steps.flatMap { step -> [UInt8] in
            if case .write(let bytes) = step { return bytes }
            return []
        }
    }

    /// All pauses together, in milliseconds.
    var pauseMilliseconds: Int {
        steps.reduce(0) { total, step in
            if case .pause(let ms) = step { return total + ms }
            return total
        }
    }

    var description: String {
        "seed \(seed) (\(features)):\n\(script)"
    }

    /// Characters that stand for themselves inside `printf '…'`: not `'`, `\` or `%`.
    private static let literal = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 .,:;=+-_/!?#@[]{}()<>*&|~^$\"".utf8)

    /// `byte` as the script spells it.
    private static func escaped(_ byte: UInt8, first: Bool) -> String {
        if literal.contains(byte) && !(first && byte == UInt8(ascii: "-")) { return String(UnicodeScalar(byte)) }
        let octal = String(byte, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - octal.count) + octal
    }
}
