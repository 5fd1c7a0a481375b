/// One of loadwrap's verbs: a first word that is not the command (`loadwrap say hi`; `loadwrap --
/// say hi` runs a command called say), with the options of its own.
///
/// `Verb.all` is the single table the parser, `--help`, the man page and the completion scripts
/// read the verbs from, as `OptionSpec.all` is for the options of a run; a verb's options are
/// `OptionSpec` rows too, so they are labelled, described and completed as those are.
struct Verb: Sendable {
    /// Which verb this is, so the parser can switch over verbs exhaustively.
    enum ID: Sendable {
        case say, done, progress, history
    }

    /// Where `--help` lists the verb.
    enum Section: CaseIterable, Sendable {
        /// Said by the command, or anything it runs, to the loadwrap running it.
        case fromInside
        /// Run by a user on the durations loadwrap remembers.
        case rememberedDurations
    }

    /// Which verb this is.
    let id: ID
    /// The word that names it.
    let name: String
    /// What follows the name in its usage line (`<text>`), or nil when that is its options
    /// (`history --clear`).
    let operands: String?
    /// The help description, one sentence.
    let help: String
    /// Its options, in the order users see them.
    var options: [OptionSpec] = []
    /// Where `--help` lists it.
    let section: Section

    static let say = Verb(
        id: .say, name: "say", operands: "<text>",
        help: "Change the spinner's title (outside loadwrap: print the text on stderr).", section: .fromInside)
    static let done = Verb(
        id: .done, name: "done", operands: "[<text>]",
        help: "Stop the spinner now, with an optional success line; the command runs on.", section: .fromInside)
    static let progress = Verb(
        id: .progress, name: "progress", operands: "<value>",
        help: "Show how far along the command is: 40%, 3/10, 1200/5000 --unit B (bytes), or --clear for a plain spinner.",
        options: [.progressClear, .progressUnit], section: .fromInside)
    static let history = Verb(
        id: .history, name: "history", operands: nil,
        help: "Forget how long every command took (see --no-history).", options: [.historyClear],
        section: .rememberedDurations)

    /// Every verb, in help order.
    static let all: [Verb] = [say, done, progress, history]

    /// The verb called `name`, or nil.
    static func named(_ name: String) -> Verb? {
        all.first { $0.name == name }
    }

    /// The usage line: `loadwrap say <text>`, `loadwrap history --clear`.
    var usage: String {
        "loadwrap \(name) " + (operands ?? options.map(\.label).joined(separator: " "))
    }
}

extension OptionSpec {
    /// `loadwrap progress --clear`.
    static let progressClear = OptionSpec(
        id: .progressClear, long: "--clear", short: nil, valueName: nil,
        help: "Back to a plain spinner.")
    /// `loadwrap progress DONE/TOTAL --unit B`.
    static let progressUnit = OptionSpec(
        id: .progressUnit, long: "--unit", short: nil, valueName: "unit",
        help: "B: the values are bytes.")
    /// `loadwrap history --clear`.
    static let historyClear = OptionSpec(
        id: .historyClear, long: "--clear", short: nil, valueName: nil,
        help: "Forget every remembered run.")
}

/// `loadwrap progress --unit`'s values: the unit of `DONE/TOTAL`.
enum ProgressUnitRequest: String, CaseIterable, Sendable {
    case bytes = "B"
}
