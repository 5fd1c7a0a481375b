import LoadWrapCore
import LoadWrapProcess

/// How a run ended (or, for `--until` and `loadwrap done`, how its spinner did), as the end line tells it.
package enum Outcome: Equatable, Sendable {
    /// The command ended by itself.
    case ended(ChildEnd)
    /// `--timeout` ran out after this many milliseconds.
    case timedOut(afterMS: Int)
    /// `--until`'s pattern matched a line: the command is ready and runs on.
    case ready
    /// The command said `loadwrap done`.
    case done
    /// The command ended before any line matched `--until`'s pattern.
    case neverMatched(ChildEnd, pattern: String)

    /// True when the line gets the success mark.
    package var succeeded: Bool {
        switch self {
        case .ended(let end): return end == .exited(0)
        case .ready, .done: return true
        case .timedOut, .neverMatched: return false
        }
    }

    /// The fields after the text: what went wrong and the time, e.g. `exit 2`, `12.4s`.
    package func fields(elapsedMS: Int) -> [String] {
        let elapsed = ElapsedFormat.tenths(ms: elapsedMS)
        switch self {
        case .ended(let end): return Self.status(end).map { [$0, elapsed] } ?? [elapsed]
        case .timedOut(let ms): return ["timed out after \(Self.limit(ms))"]
        case .ready: return ["ready in \(elapsed)"]
        case .done: return [elapsed]
        case .neverMatched(let end, let pattern):
            // The pattern is kept as typed for matching; shown, it must not carry escapes.
            return (Self.status(end).map { [$0] } ?? []) + ["'\(Sanitizer.sanitize(pattern))' never matched", elapsed]
        }
    }

    /// `exit 2` or `killed by SIGTERM`; nil for exit 0.
    private static func status(_ end: ChildEnd) -> String? {
        switch end {
        case .exited(0): return nil
        case .exited(let code): return "exit \(code)"
        case .killed(let signo): return "killed by \(SignalName.of(signo))"
        }
    }

    /// A configured limit as typed: `30s`, not `30.0s`.
    package static func limit(_ ms: Int) -> String {
        let text = ElapsedFormat.tenths(ms: ms)
        return text.hasSuffix(".0s") ? String(text.dropLast(3)) + "s" : text
    }
}
