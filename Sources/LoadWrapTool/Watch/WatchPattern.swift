/// Why a pattern of `--until` or `--progress-from` was refused; the command line turns it into
/// a usage error that names the option.
enum PatternError: Error, Equatable {
    /// Swift's Regex does not accept the pattern: its reason, and the 1-based position of the problem.
    case invalid(String, reason: String, position: Int)
    /// A progress regex without a group named `pct`, or groups named `done` and `total`.
    case missingGroups(String)
}

/// A regex of `--until` or `--progress-from`, compiled once when the command line is read and
/// behind `LineMatcher`'s filters; each watch of the output starts from it.
struct WatchPattern: Equatable, Sendable {
    /// The pattern as given.
    let text: String
    /// The compiled pattern.
    let matcher: LineMatcher

    /// Compiles `text`; throws the reason and the position of the problem.
    init(_ text: String) throws(PatternError) {
        self.text = text
        do {
            matcher = LineMatcher(try Regex(text), pattern: text)
        } catch {
            throw .invalid(text, reason: "\(error)", position: Self.position(ofErrorIn: text))
        }
    }

    /// Two patterns are the same when their text is: the compiled form follows from it.
    static func == (lhs: WatchPattern, rhs: WatchPattern) -> Bool {
        lhs.text == rhs.text
    }
}

/// What `--progress-from` looks for in each line.
enum ProgressPattern: Equatable, Sendable {
    /// `NN%` or `NN.N%`, found by scanning bytes: output can stream at gigabytes a second.
    case percent
    /// A regex with a named group `pct`, or `done` and `total`.
    case regex(WatchPattern)

    /// The value that asks for the built-in pattern.
    static let percentName = "percent"

    /// `percent`, or a regex with the named groups; a pattern without them is refused here.
    init(_ text: String) throws(PatternError) {
        guard text != Self.percentName else {
            self = .percent
            return
        }
        let pattern = try WatchPattern(text)
        let names = ["pct", "done", "total"].filter { text.contains("(?<\($0)>") || text.contains("(?P<\($0)>") }
        guard names.contains("pct") || (names.contains("done") && names.contains("total")) else {
            throw .missingGroups(text)
        }
        self = .regex(pattern)
    }

    /// The pattern as given.
    var text: String {
        switch self {
        case .percent: return Self.percentName
        case .regex(let pattern): return pattern.text
        }
    }
}
