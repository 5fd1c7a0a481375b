import LoadWrapCore
import LoadWrapProcess
import LoadWrapRuns
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain mode's part in an attempt's stage: lines in a log, with heartbeats, stamps and a CI log
/// group, never in colour.
struct PlainSetup: ModeSetup {
    /// The run's context.
    let context: RunContext
    /// The attempt's title.
    let title: String
    /// When the attempt started.
    let startMS: Int
    /// The CI log group the attempt's output goes in, or nil (`--no-group`, or no CI that has them).
    let group: LogGroup?

    /// The setup of `attempt`, started at `startMS`.
    init(_ context: RunContext, attempt: Attempt, startMS: Int) {
        self.context = context
        title = attempt.title(context.options.resolvedTitle)
        self.startMS = startMS
        let ci = context.options.groups ? CIService.detect(context.environment) : nil
        group = ci?.group(name: Self.groupName(attempt))
    }

    /// A heartbeat and a stamp follow the log's output; a log group's end marker works only at a
    /// line start, so loadwrap must see where the log's lines end even with `--heartbeat 0`.
    var needsLogLines: Bool {
        heartbeatMS != nil || context.options.timestamps != nil || group != nil
    }

    /// The end line always shows by default: a log is read after the fact.
    var text: ReportText {
        context.reportText(title: title, color: false, result: .always)
    }

    func presenter(plumbing: Plumbing, topology: Topology, sharedPipe: SharedPipe?) -> any Presenter {
        PlainPresenter.make(context, text: text, startMS: startMS, group: group, heartbeatMS: heartbeatMS,
                            blocks: hostedBlocks(plumbing))
    }

    /// The blocks runs nested side by side leave for this run, with this attempt's log relayed
    /// while they wait; none where the run hosts none (`Session`: plain mode, not nested).
    private func hostedBlocks(_ plumbing: Plumbing) -> any BlockHost {
        guard let blocks = context.blocks else { return NoHostedBlocks() }
        return HostedBlocks(blocks) { [weak plumbing] in plumbing?.log?.relayAvailable(maxReads: Relay.finalReads) }
    }

    /// `--heartbeat`'s interval, or nil for `--heartbeat 0`.
    private var heartbeatMS: Int? {
        context.options.heartbeatMS > 0 ? context.options.heartbeatMS : nil
    }

    /// A log group's name, unique in the log: the first attempt's is the run's.
    private static func groupName(_ attempt: Attempt) -> String {
        attempt.number == 1 ? "loadwrap_\(getpid())" : "loadwrap_\(getpid())_\(attempt.number)"
    }
}

extension PlainPresenter {
    /// The plain presenter of an attempt of the run in `context` that started at `startMS`, writing
    /// `text`, in `group`, with a heartbeat after `heartbeatMS` of silence (nil for none), and
    /// writing the `blocks` nested runs leave for it (none unless given).
    static func make(_ context: RunContext, text: ReportText, startMS: Int, group: LogGroup?, heartbeatMS: Int?,
                     blocks: any BlockHost = NoHostedBlocks()) -> PlainPresenter {
        let options = context.options
        let ci = CI(service: CIService.detect(context.environment), annotates: options.annotate,
                    jobSummary: options.summary ? JobSummary(environment: context.environment) : nil, group: group)
        let timing = Timing(clock: context.clock, startMS: startMS, runStartMS: context.startMS,
                            heartbeatMS: heartbeatMS, stamper: options.timestamps.map(LineStamper.init))
        return PlainPresenter(text: text, ci: ci, timing: timing, held: context.held, blocks: blocks)
    }
}
