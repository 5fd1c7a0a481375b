import LoadWrapCore
import LoadWrapKit
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What every part of one run shares, built once by `Session` before the first attempt and the
/// same for every attempt of `--retry`. Each attempt's presenter is made from it by the code of
/// the run's mode (`ModeSetup`).
struct RunContext {
    /// What the command line asked for.
    let options: Options
    /// The mode, with the terminal's lock, the upstream loadwrap and the terminal that came with it.
    let pick: ModePick
    /// Whether the terminal or log takes UTF-8 (else ASCII marks and frames).
    let utf8: Bool
    /// Colour for the overlay and its lines (`--color`, `NO_COLOR`); plain mode's lines never have
    /// it, as they carry no escapes.
    let color: Bool
    /// Where elapsed times come from.
    let clock: any TimeSource
    /// The variables loadwrap reads (`ProcessEnvironment.names`).
    let environment: [String: String]
    /// Remembered durations, or nil when off.
    let history: History?
    /// This run's usual time, read at its end when it ran long enough to be slower than usual.
    let usual: UsualFigure
    /// The command's output held back (`--quiet`, `--tail`) over every attempt: replayed in full
    /// when the last one fails too.
    let held: HeldOutput?
    /// The `--log` file, which keeps every attempt's output.
    let log: OutputLog?
    /// The `--trace` and `--timings` files, written when the run ends.
    let files: RunFiles
    /// This run's span in an OTLP trace being written, or nil.
    let recording: TraceRecording?
    /// When the run's first attempt started: `--timestamps` counts from here.
    let startMS: Int
    /// In plain mode, the blocks runs nested side by side leave for this run to write.
    let blocks: SiblingBlocks?
    /// Nested under a run in plain mode: this run's output, streamed or held for a block.
    private(set) var siblingBlock: SiblingBlock?

    /// Opens the `--log` file and the held output of the run picked as `pick`, starting now;
    /// `blocks` are those of runs nested in it side by side.
    init(_ options: Options, pick: ModePick, environment: [String: String], clock: any TimeSource,
         blocks: SiblingBlocks? = nil) throws(SpawnError) {
        // Opened before any attempt, so a log that cannot be written stops the run before it starts.
        log = if let path = options.logPath { try OutputLog(path: path) } else { nil }
        files = try RunFiles(options, outermost: pick.upstream == nil)
        recording = TraceRecording.make(writesOTLP: files.writesOTLP, environment: environment)
        held = pick.meaning.holds ? HeldOutput(directory: HeldOutput.temporaryDirectory(environment["TMPDIR"])) : nil
        (self.options, self.pick, self.environment, self.clock) = (options, pick, environment, clock)
        utf8 = LocaleCheck.isUTF8(environment)
        color = pick.meaning.color
        history = options.historyOfRun(environment: environment)
        usual = UsualFigure { [history] in history?.usualAtEnd() }
        startMS = clock.nowMS()
        self.blocks = blocks
        siblingBlock = makeSiblingBlock()
    }

    /// What the event loop serves for the blocks: the handover of the log between runs nested side
    /// by side, on either end. Usually none, and then no array type is built before the spawn.
    var sources: [any EventSource] {
        var sources: [any EventSource] = []
        if let blocks { sources.append(blocks) }
        if let siblingBlock { sources.append(siblingBlock) }
        return sources
    }

    /// This run's part among runs nested side by side under one in plain mode, or nil: its
    /// block's lines are plain mode's, in a CI log group where the CI's groups nest.
    private func makeSiblingBlock() -> SiblingBlock? {
        let ci = options.groups ? CIService.detect(environment) : nil
        let frame = BlockFrame(text: reportText(title: options.resolvedTitle, color: false, result: .always),
                               group: ci?.group(name: "loadwrap_\(getpid())"))
        return SiblingBlock.beside(pick.upstream, frame: frame,
                                   spillDirectory: HeldOutput.temporaryDirectory(environment["TMPDIR"]))
    }

    /// True when the run tree keeps the runs that ended: the files written at the end and the
    /// job summary show every step.
    var keepsRuns: Bool {
        files.wanted || (pick.upstream == nil && options.summary && JobSummary(environment: environment) != nil)
    }

    /// Overlay, plain or silent.
    var mode: Mode { pick.mode }

    /// The terminal whose output passes through loadwrap (`ModePick.terminal`), or nil.
    var terminal: TerminalDevice? { pick.terminal }
}
