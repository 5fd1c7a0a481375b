import LoadWrapCore
import LoadWrapProcess
import LoadWrapRuns

extension OptionSpec {
    /// The values the option accepts when they form a fixed list, in the order users see them, or
    /// empty: read from the enums and the spinner catalogue, so the man page and the completion
    /// scripts offer exactly what the parser takes.
    var choices: [String] {
        switch id {
        case .spinner: return SpinnerStyle.catalogue.map(\.name)
        case .mode: return ModeRequest.allCases.map(\.rawValue)
        case .color: return ColorRequest.allCases.map(\.rawValue)
        case .result: return ResultRequest.allCases.map(\.rawValue)
        case .timestamps: return TimestampStyle.allCases.map(\.rawValue)
        case .traceFormat: return TraceFormat.allCases.map(\.rawValue)
        case .termProgress: return TermProgressRequest.allCases.map(\.rawValue)
        case .completions: return CompletionShell.allCases.map(\.rawValue)
        case .progressUnit: return ProgressUnitRequest.allCases.map(\.rawValue)
        default: return []
        }
    }

    /// Whether the option ends parsing and prints something instead of running a command
    /// (`--help`, `--version`, …): shells offer nothing after it.
    var endsParsing: Bool {
        [.listSpinners, .generateManual, .completions, .version, .help].contains(id)
    }

    /// Whether the value is a file's path, which shells complete from the file system.
    var completesFiles: Bool { [.log, .trace, .timings].contains(id) }

    /// Whether the value, if any, may come as the next word (`--title x`), not only attached.
    var takesSeparateValue: Bool {
        valueName != nil && !valueIsOptional
    }

    /// The help sentence without its parenthesised default and final full stop, for the one-line
    /// descriptions shells show beside a completion.
    var summary: String {
        var text = help
        if let range = text.firstRange(of: " (default") { text = String(text[..<range.lowerBound]) }
        while text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
