/// What the options mean for one run once its mode is picked (`ModePick`), decided here once:
/// colour, whether the run holds its command's output, `--tail`'s window, and for several `-c`
/// whether their lines are labelled and whether each command's output is held. Nothing else
/// decides or rewrites these (issue 43, point 4).
struct RunMeaning: Equatable {
    /// Colour for the overlay and its lines (`--color`, `NO_COLOR`); plain mode's lines never
    /// have it, as they carry no escapes.
    let color: Bool
    /// This run holds its command's output: `--quiet`, or `--tail` where it draws its window.
    /// Several commands are held each by its own inner loadwrap (`jobsQuiet`), never as one.
    let holds: Bool
    /// `--tail`'s window under the line, in lines, only where this run draws; nil otherwise:
    /// plain mode's log is the record, and a nested run leaves the window to the one that draws.
    let tailLines: Int?
    /// Several `-c`: each line is labelled with its command's name (not `--no-prefix`), only
    /// where this run draws: a log keeps each command's output as written.
    let labelsJobs: Bool
    /// Several `-c`: each command's output is held unless it fails (`--quiet`, or `--tail` where
    /// this run draws, so a failing command's output shows whole and the others' not at all).
    let jobsQuiet: Bool

    /// The meaning of `options` for a run that `draws` the overlay on a terminal, with colour
    /// allowed or not by `environment`.
    init(_ options: Options, draws: Bool, environment: [String: String]) {
        color = ColorChoice.enabled(request: options.color, environment: environment)
        let held = options.quiet || (draws && options.tailLines != nil)
        let several = options.commands.count > 1
        holds = held && !several
        tailLines = draws && !several ? options.tailLines : nil
        labelsJobs = several && draws && options.prefix
        jobsQuiet = several && held
    }
}
