#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pseudo-terminals beside the command's own whose output loadwrap reads as the command's: the
/// terminals of several `-c` commands, which the runner hands to its inner loadwraps
/// (`JobTerminals`). They are opened, installed, resized, tapped and drained with the
/// command's pseudo-terminal (`Plumbing`), so each line passes one pseudo-terminal and one
/// process, as the output of one command does (issue 43).
package protocol SideTerminals: EventSource {
    /// Where the output goes, handed on as the command's own output is.
    var sink: (any OutputSink)? { get set }
    /// Sees every chunk handed to the sink (`--until`, `--progress-from`).
    var tap: ((UnsafeRawBufferPointer) -> Void)? { get set }

    /// Opens the terminals with the command's terminal's `modes` (nil: no output processing
    /// unless `processesOutput`, as `PtyRelay`) at the terminal's `size`.
    func open(modes: termios?, processesOutput: Bool, size: (rows: UInt16, columns: UInt16)?) throws(SpawnError)

    /// The secondary side of each, in order, for the command to inherit.
    var secondaries: [Int32] { get }

    /// Copies the terminal's size to each (SIGWINCH, `fg`).
    func resize(to size: (rows: UInt16, columns: UInt16)?)

    /// The command holds its copies: loadwrap closes its own where the kernel keeps output
    /// written to a pseudo-terminal whose last secondary closes, so each reports its end.
    func commandStarted(traits: Platform.Traits)

    /// After the command ended: what is left is read, bounded, and each terminal closed.
    func drain()
}
