import LoadWrapProcess
import LoadWrapRuns

/// Silent mode's part in an attempt's stage: nothing of loadwrap's own, and what passes through
/// loadwrap passed on (in the terminal's turn beside a loadwrap that draws, or in its block
/// nested under plain mode) or held.
struct SilentSetup: ModeSetup {
    /// The run's context.
    let context: RunContext

    /// No lines of its own, but nested under plain mode the output passes through loadwrap, to
    /// be held for a block while a sibling streams.
    var needsLogLines: Bool { context.siblingBlock != nil }

    func presenter(plumbing: Plumbing, topology: Topology, sharedPipe: SharedPipe?) -> any Presenter {
        SilentPresenter(held: context.held, route: route)
    }

    /// Where the attempt's output goes: its block among siblings nested under plain mode, else
    /// the terminal's turn beside a loadwrap that draws, else straight to stderr.
    private var route: any OutputRoute {
        if let block = context.siblingBlock { return BlockRoute(block, clock: context.clock) }
        if let writer = context.pick.besideWriter() { return BesideRoute(writer) }
        return DirectRoute()
    }
}
