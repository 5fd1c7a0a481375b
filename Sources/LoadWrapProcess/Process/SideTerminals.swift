#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pseudo-terminals beside the command's own whose output loadwrap reads as the command's: the
/// terminals of several `-c` commands, which the runner opens as each command starts and hands
/// to this loadwrap over a channel the command inherits (`JobTerminals`). They are resized,
/// tapped and drained with the command's pseudo-terminal (`Plumbing`), so each line passes one
/// pseudo-terminal and one process, as the output of one command does (issue 43); and only the
/// terminals of the commands running are open.
package protocol SideTerminals: EventSource {
    /// Where the output goes, handed on as the command's own output is.
    var sink: (any OutputSink)? { get set }
    /// Sees every chunk handed to the sink (`--until`, `--progress-from`).
    var tap: ((UnsafeRawBufferPointer) -> Void)? { get set }

    /// Opens the channel, the terminals to come sized for a terminal of `size`. The command
    /// opens them with the modes of the terminal it gets from loadwrap (`Plumbing.openTerminal`).
    func open(size: (rows: UInt16, columns: UInt16)?) throws(SpawnError)

    /// The command's end of the channel, for it to inherit.
    var channel: Int32 { get }

    /// Copies the terminal's size to each (SIGWINCH, `fg`).
    func resize(to size: (rows: UInt16, columns: UInt16)?)

    /// The command holds its end of the channel: loadwrap closes its copy, and learns whether
    /// the kernel keeps output written to a pseudo-terminal whose last secondary closes.
    func commandStarted(traits: Platform.Traits)

    /// After the command ended: the terminals still in the channel are taken, what is left in
    /// each is read, bounded, and each closed.
    func drain()
}
