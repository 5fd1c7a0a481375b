import LoadWrapProcess
/// What an attempt is set up with before the command starts: where the command lives (the
/// topology), what passes through loadwrap (the plumbing), and who writes to stderr (the
/// presenter, made by the setup of the run's mode).
struct Stage {
    /// Where the command lives: its own terminal, a guest's place, its own or a shared group.
    let topology: Topology
    /// The pseudo-terminal and pipes between the command and loadwrap.
    let plumbing: Plumbing
    /// The one writer of stderr for the attempt.
    let presenter: any Presenter

    /// Decides the topology from the terminal and loadwrap's stdout, opens the plumbing, and makes
    /// the presenter of `attempt`, started at `startMS`.
    init(_ context: RunContext, attempt: Attempt, startMS: Int) throws(SpawnError) {
        let options = context.options
        let setup = context.setup(for: attempt, startMS: startMS)
        // Beside a loadwrap that draws on the same terminal, the command's terminal output passes
        // through loadwrap as a guest's does, to be written in the terminal's turn.
        let (terminal, beside) = (context.terminal, context.pick.isBeside)
        // Shared when stdout is a pipe: its reader may print on the terminal or read its keys. A pipe
        // into stdin is not enough: `seq 100 | loadwrap -- less` needs the keys through loadwrap,
        // as less reads them from its stderr, the pseudo-terminal (see README, known limits).
        let sharedPipe = terminal == nil || beside ? nil : SharedPipe(fd: 1)
        let isShared = sharedPipe != nil || beside
        let keys = terminal != nil && !isShared ? terminal?.keyboard() : nil
        topology = Topology.decide(overlayOnTerminal: terminal != nil, shared: isShared,
                                   keyboard: keys != nil, controllingTerminal: TerminalDevice.controllingTerminalExists())
        let needs = Plumbing.Needs(
            terminal: terminal,
            logPipe: context.pick.meaning.holds || options.logPath != nil || options.watchesOutput || setup.needsLogLines,
            stdoutPipe: (topology == .guest && !beside) || options.watchesOutput, processesOutput: beside,
            side: context.pick.meaning.labelsJobs ? options.jobTerminals(color: context.color) : nil)
        plumbing = try Plumbing(needs, topology: topology, keys: topology.keysThroughLoadwrap ? keys : nil)
        presenter = setup.presenter(plumbing: plumbing, topology: topology, sharedPipe: topology == .guest ? sharedPipe : nil)
        plumbing.connect(to: presenter, guest: topology == .guest && !beside, outputLog: context.log)
    }
}
