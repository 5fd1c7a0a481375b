import LoadWrapProcess
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
        SilentPresenter(held: context.held, beside: context.pick.besideWriter(), block: context.siblingBlock,
                        clock: context.clock)
    }
}
