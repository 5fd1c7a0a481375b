import LoadWrapCore
import LoadWrapJobs

/// Turns loadwrap's arguments (without argv[0]) into an `Invocation`, or a `UsageError`.
///
/// Options come first; everything after `--`, or from the first word that is not an option, is the
/// command, untouched, so `loadwrap make -j8` runs `make -j8`. Values may be attached
/// (`--title=x`, `-tx`) or follow (`--title x`, `-t x`). `--help`, `--version`, `--list-spinners`,
/// `--generate-manual` and `--completions` act as soon as they are read. Texts loadwrap will print
/// (titles, `say` and `done`) are sanitised here, where they enter.
///
/// A run also takes defaults from the environment: each option whose `OptionSpec` row names a
/// variable (`LOADWRAP_MODE`) reads it when the option is not on the command line, through the same
/// `apply` as the flag, so a bad value is refused the same way, naming the variable. An empty
/// variable counts as unset; a flag beats its variable, whose value is then not even checked
/// (as clap's `env`).
enum ArgumentParser {
    /// An option word split into its option, the name as the user typed it, and any attached value.
    private typealias OptionWord = (spec: OptionSpec, name: String, attached: String?)

    /// Parses `arguments`, with the defaults of a run from `environment`, which is evaluated only
    /// for a run (`--version` and `say` never read it); the first problem found, left to right,
    /// then in the variables in table order, is thrown.
    static func parse(
        _ arguments: [String], environment: @autoclosure () -> [String: String] = [:]
    ) throws(UsageError) -> Invocation {
        // The verbs (`Verb.all`) only as the first word: `loadwrap -- say` runs a command called say.
        if let verb = arguments.first.flatMap(Verb.named) {
            return try self.verb(verb.id, Array(arguments.dropFirst()))
        }
        if arguments.first == JobPlan.verb { return try runner(Array(arguments.dropFirst())) }
        var options = Options(command: [])
        var given: [OptionSpec.ID] = []
        var name: String?  // a `--name` waiting for its `-c`
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            if word == "--" {
                try checkAlone(options, name: name)
                return try run(options, command: arguments[(index + 1)...], given: given, environment: environment)
            }
            guard let option = try split(word) else {
                try checkAlone(options, name: name)
                return try run(options, command: arguments[index...], given: given, environment: environment)
            }
            index += 1
            var value: String?
            if option.spec.valueIsOptional {
                value = option.attached
            } else if option.spec.valueName != nil {
                if let attached = option.attached {
                    value = attached
                } else if index < arguments.endIndex, !looksLikeOption(arguments[index]) {
                    value = arguments[index]
                    index += 1
                } else {
                    throw .missingValue(option: option.name, valueName: option.spec.valueName ?? "")
                }
            } else if option.attached != nil {
                throw .unexpectedValue(option: option.name)
            }
            switch option.spec.id {
            case .name:
                name = Sanitizer.sanitize(value ?? "")
            case .command:
                options.commands.append(ShellCommand(line: value ?? "", name: name))
                name = nil
            default:
                if let done = try ending(option.spec.id, name: option.name, value: value) { return done }
                try apply(option.spec.id, name: option.name, value: value, to: &options)
            }
            given.append(option.spec.id)
        }
        guard name == nil else { throw .nameWithoutCommand }
        guard !options.commands.isEmpty else { throw .missingCommand }
        return try run(options, command: [], given: given, environment: environment)
    }

    /// Before a command after the options: no `-c` and no `--name` may have come.
    private static func checkAlone(_ options: Options, name: String?) throws(UsageError) {
        guard options.commands.isEmpty else { throw .commandBesideCommandOption }
        guard name == nil else { throw .nameWithoutCommand }
    }

    /// The job runner's own arguments (`JobPlan.arguments`), which only loadwrap itself writes.
    private static func runner(_ words: [String]) throws(UsageError) -> Invocation {
        do {
            return .runJobs(try JobPlan(arguments: words))
        } catch {
            throw .invalidJobPlan(reason: error.reason)
        }
    }

    /// Whether `word` would be read as an option; a lone `-` is an ordinary word (often "stdin").
    static func looksLikeOption(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-"
    }

    /// The option `word` names, or nil when `word` starts the command.
    private static func split(_ word: String) throws(UsageError) -> OptionWord? {
        guard looksLikeOption(word) else { return nil }
        if word.hasPrefix("--") {
            let name = String(word.prefix { $0 != "=" })
            let attached = name.count < word.count ? String(word.dropFirst(name.count + 1)) : nil
            guard let spec = OptionSpec.withLong(name) else {
                throw unknownOption(name.count > 2 ? name : word)
            }
            return (spec, name, attached)
        }
        let rest = String(word.dropFirst(2))
        guard let letter = word.dropFirst().first, let spec = OptionSpec.withShort(letter),
            spec.valueName != nil || rest.isEmpty
        else {
            throw unknownOption(word)
        }
        return (spec, "-\(letter)", rest.isEmpty ? nil : rest)
    }

    /// The error for an option that does not exist, with the nearest real long option if any.
    private static func unknownOption(_ word: String) -> UsageError {
        .unknownOption(word, suggestion: Suggestion.closest(to: word, among: OptionSpec.all.map(\.long)))
    }

    /// The invocation of an option that ends parsing (`--help`, `--version`, …), or nil.
    private static func ending(_ id: OptionSpec.ID, name: String, value: String?) throws(UsageError) -> Invocation? {
        switch id {
        case .help: .help
        case .version: .version
        case .listSpinners: .listSpinners
        case .generateManual: .manual
        case .completions: .completions(try choice(value ?? "", option: name))
        default: nil
        }
    }

    /// Records one option in `options`; `ending` has the others (an `Invocation?` from here cost ~28 k instructions).
    private static func apply(
        _ id: OptionSpec.ID, name: String, value: String?, to options: inout Options
    ) throws(UsageError) {
        let text = value ?? ""
        switch id {
        case .help, .version, .listSpinners, .generateManual, .completions: break  // `ending`'s
        case .title: options.title = Sanitizer.sanitize(text)
        case .spinner: options.spinner = try spinner(text, option: name)
        case .delay: options.delayMS = try duration(text, option: name)
        case .mode: options.mode = try choice(text, option: name)
        case .color: options.color = try choice(text, option: name)
        case .quiet: options.quiet = true
        case .tail: options.tailLines = value == nil ? Options.defaultTailLines : try count(text, option: name, most: mostTailLines, of: "lines")
        case .log: options.logPath = text
        case .trace: options.tracePath = text
        case .traceFormat: options.traceFormat = try choice(text, option: name)
        case .timings: options.timingsPath = value ?? Options.defaultTimingsPath
        case .result: options.result = value == nil ? .always : try choice(text, option: name)
        case .success: options.successText = Sanitizer.sanitize(text)
        case .failure: options.failureText = Sanitizer.sanitize(text)
        case .heartbeat: options.heartbeatMS = try duration(text, option: name)
        case .noGroup: options.groups = false
        case .noAnnotate: options.annotate = false
        case .noSummary: options.summary = false
        case .timestamps: options.timestamps = value == nil ? .elapsed : try choice(text, option: name)
        case .until:  // a bad pattern fails here, before anything runs; compiled once for the run
            options.until = try pattern(option: name) { () throws(PatternError) in try WatchPattern(text) }
        case .timeout:  // 0 means no limit, as GNU timeout
            let ms = try duration(text, option: name)
            options.timeoutMS = ms == 0 ? nil : ms
        case .killAfter: options.killAfterMS = try duration(text, option: name)
        case .retry: options.retries = try count(text, option: name, most: mostRetries, of: "retries")
        case .retryDelay: options.retryDelayMS = try duration(text, option: name)
        case .noRetryAfterTimeout: options.retriesAfterTimeout = false
        case .termProgress: options.termProgress = try choice(text, option: name)
        case .notify: options.notifyAfterMS = value == nil ? Options.defaultNotifyAfterMS : try duration(text, option: name)
        case .progressFrom:
            options.progressFrom = try pattern(option: name) { () throws(PatternError) in try ProgressPattern(text) }
        case .noHistory: options.history = false
        case .jobs: options.jobs = try count(text, option: name, most: mostJobs, of: "commands at once", least: 1)
        case .failFast: options.failFast = true
        case .noPrefix: options.prefix = false
        case .command, .name: break  // paired in `parse`: a name belongs to the `-c` after it
        case .progressClear, .progressUnit, .historyClear:
            throw unknownOption(name)  // a verb's own: not in `all`, so `split` never gives it
        }
    }

    /// The invocation of the verb `id`, from the words after it. `say`, `done` and `progress` talk
    /// back to a running loadwrap; `history --clear` forgets every remembered run.
    private static func verb(_ id: Verb.ID, _ words: [String]) throws(UsageError) -> Invocation {
        switch id {
        case .say:
            return .say(Sanitizer.sanitize(words.joined(separator: " ")))
        case .done:
            let text = Sanitizer.sanitize(words.joined(separator: " "))
            return .done(text.isEmpty ? nil : text)
        case .progress:
            return .progress(try progress(words))
        case .history:
            guard words == [OptionSpec.historyClear.long] else { throw .historyUsage }
            return .clearHistory
        }
    }

    /// `loadwrap progress`'s value: `N%`, `DONE/TOTAL` with an optional `--unit B` (or `--unit=B`),
    /// or nil for `--clear`.
    private static func progress(_ words: [String]) throws(UsageError) -> LoadProgress? {
        var words = words
        if words == [OptionSpec.progressClear.long] { return nil }
        var unit = LoadProgress.Unit.items
        let option = OptionSpec.progressUnit.long
        if let index = words.firstIndex(where: { $0 == option || $0.hasPrefix(option + "=") }) {
            let separate = words[index] == option
            let value = separate ? (index + 1 < words.count ? words[index + 1] : "") : String(words[index].dropFirst(option.count + 1))
            switch try choice(value, option: option) as ProgressUnitRequest {
            case .bytes: unit = .bytes
            }
            words.removeSubrange(index...(separate ? index + 1 : index))
        }
        guard words.count == 1, let value = LoadProgress(text: Substring(words[0]), unit: unit) else {
            throw .invalidProgress(words.joined(separator: " "))
        }
        return value
    }

    /// Milliseconds for a DURATION value, or an error naming it.
    private static func duration(_ value: String, option: String) throws(UsageError) -> Int {
        guard let ms = DurationParser.milliseconds(value) else { throw .invalidDuration(value, option: option) }
        return ms
    }

    /// A pattern `compile` makes of the value of `option`, or the usage error that names the option.
    private static func pattern<Pattern>(option: String, _ compile: () throws(PatternError) -> Pattern) throws(UsageError) -> Pattern {
        do {
            return try compile()
        } catch {
            switch error {
            case .invalid(let text, let reason, let position):
                throw .invalidPattern(text, option: option, reason: reason, position: position)
            case .missingGroups(let text):
                throw .progressGroups(text)
            }
        }
    }

    /// A whole number from 0 to `most`, or an error naming what it counts.
    private static func count(_ value: String, option: String, most: Int, of what: String, least: Int = 0)
        throws(UsageError) -> Int {
        guard let count = Int(value), (least...most).contains(count) else {
            throw .invalidValue(value, option: option, accepted: ["a number of \(what) from \(least) to \(most)"])
        }
        return count
    }

    /// More commands at once than a machine has processes to spare: a typo, not a plan.
    static let mostJobs = 1_000

    /// More retries than a flaky step deserves: past this, the step is broken, not flaky.
    static let mostRetries = 100

    /// More lines than any terminal is tall: the block is cut to the screen anyway.
    static let mostTailLines = 1_000

    /// The catalogue style called `name`, or an error suggesting the nearest name.
    private static func spinner(_ name: String, option: String) throws(UsageError) -> SpinnerStyle {
        if let style = SpinnerStyle.named(name) { return style }
        let names = SpinnerStyle.catalogue.map(\.name)
        throw .unknownSpinner(name, option: option, suggestion: Suggestion.closest(to: name, among: names))
    }

    /// The case of a fixed-choice option (`--mode`, `--color`) spelled `value`.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ value: String, option: String
    ) throws(UsageError) -> Choice where Choice.RawValue == String {
        if let choice = Choice(rawValue: value) { return choice }
        throw .invalidValue(value, option: option, accepted: Choice.allCases.map(\.rawValue))
    }

    /// The `run` invocation, with the variables of the options not `given` applied, or an error
    /// when the command is empty or a variable's value is bad.
    private static func run(
        _ options: Options, command: ArraySlice<String>, given: [OptionSpec.ID], environment: () -> [String: String]
    ) throws(UsageError) -> Invocation {
        guard !command.isEmpty || !options.commands.isEmpty else { throw .missingCommand }
        var options = options
        let environment = environment()
        for spec in OptionSpec.all {
            guard let variable = spec.environment, !given.contains(spec.id),
                let value = environment[variable], !value.isEmpty
            else { continue }
            if spec.valueName == nil {
                // A flag's variable is a switch (`LOADWRAP_HISTORY=0` is `--no-history`); any
                // other value leaves the flag off, as before the variable was general.
                if EnvironmentSwitch.saysOff(value) { try apply(spec.id, name: variable, value: nil, to: &options) }
            } else {
                try apply(spec.id, name: variable, value: value, to: &options)
            }
        }
        options.command = Array(command)
        if options.commands.count == 1 { options.runAlone() }
        return .run(options)
    }
}
