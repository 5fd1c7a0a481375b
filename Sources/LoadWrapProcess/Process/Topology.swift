/// Where the command runs relative to loadwrap and the real terminal, decided once at start.
/// Spawning, signal forwarding, job control and timeouts read it instead of inferring it.
package enum Topology: Equatable, Sendable {
    /// Alone on the terminal: overlay mode in the foreground, loadwrap's stdout not a pipe. The
    /// command gets a pseudo-terminal as its controlling terminal, in a session of its own, as
    /// under `script`; keys pass through loadwrap, with the real terminal in raw mode.
    case ownTerminal
    /// A guest on a shared terminal: overlay mode, but loadwrap's stdout is a pipe, so the other
    /// side may print to the terminal or read its keys (`| cat`, `| less`). The command's terminal
    /// output still goes
    /// through a pseudo-terminal loadwrap relays, but the command stays in loadwrap's process group
    /// with the real terminal as its controlling terminal; loadwrap never reads keys or changes modes.
    case guest
    /// In loadwrap's process group on its controlling terminal (plain or silent mode, or an overlay
    /// without a keyboard of its own): the terminal's keys and signals reach the command directly.
    case sharedGroup
    /// No controlling terminal (a CI job): the command leads a process group of its own, as under
    /// GNU `timeout`, so a signal sent to loadwrap's whole group reaches it once, from loadwrap.
    case ownGroup

    /// Chooses the topology. `overlayOnTerminal`: overlay mode with stderr a terminal;
    /// `shared`: stdout is a pipe, whose other side may use the terminal too; `keyboard`:
    /// the real terminal can be read for keys (stdin, or loadwrap's controlling terminal);
    /// `controllingTerminal`: loadwrap has one (asked only when it matters: it opens `/dev/tty`).
    package static func decide(
        overlayOnTerminal: Bool, shared: Bool, keyboard: Bool, controllingTerminal: @autoclosure () -> Bool
    ) -> Topology {
        if overlayOnTerminal && !shared && keyboard { return .ownTerminal }
        guard controllingTerminal() else { return .ownGroup }
        return overlayOnTerminal && shared ? .guest : .sharedGroup
    }

    /// True when the command leads a process group (or session) of its own, where signals go.
    var commandLeadsGroup: Bool { self == .ownTerminal || self == .ownGroup }

    /// True when keys reach the command through loadwrap (the real terminal in raw mode).
    package var keysThroughLoadwrap: Bool { self == .ownTerminal }

    /// True when the command's pseudo-terminal is its controlling terminal, whose resize the
    /// kernel signals to the command; otherwise loadwrap sends SIGWINCH itself.
    var kernelSignalsResize: Bool { self == .ownTerminal }

    /// True when the command shares loadwrap's process group, so the terminal's Ctrl-C and
    /// Ctrl-Z already reach it: only a signal another process sent to loadwrap is passed on.
    var sharesLoadwrapsGroup: Bool { !commandLeadsGroup }
}
