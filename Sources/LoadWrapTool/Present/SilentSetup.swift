/// Silent mode's part in an attempt's stage: nothing of loadwrap's own, and what passes through
/// loadwrap passed on (in the terminal's turn beside a loadwrap that draws) or held.
struct SilentSetup: ModeSetup {
    /// The run's context.
    let context: RunContext

    /// No lines of its own.
    var needsLogLines: Bool { false }

    func presenter(plumbing: Plumbing, topology: Topology, sharedPipe: SharedPipe?) -> any Presenter {
        SilentPresenter(held: context.held, beside: context.pick.besideWriter())
    }
}
