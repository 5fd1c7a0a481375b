import CLoadWrap
import LoadWrapKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command's pseudo-terminal: what the command writes to it is read here and handed, chunk
/// by chunk and in order, to the presenter, which draws it on the real terminal around the spinner.
package final class PtyRelay: EventSource {
    /// The primary side, read for the command's output.
    package let primary: Int32
    /// The secondary side, installed as the command's terminal streams; closed once the command
    /// runs, unless loadwrap reads the command's modes from it (keys through loadwrap).
    package private(set) var secondary: Int32
    /// True once the pseudo-terminal has no writer left and reports end of data.
    package private(set) var closed = false
    /// Where the output goes: the presenter, once connected.
    package var sink: (any OutputSink)?
    /// Sees every chunk once the sink has it (`--until`, `--progress-from`), so what it reports
    /// follows the output that said it; nil costs nothing.
    var tap: ((UnsafeRawBufferPointer) -> Void)?
    private let buffer = ReadBuffer(count: 1 << 16)

    /// Opens a pseudo-terminal. With `modes` (the real terminal's, when it will be in raw mode) the
    /// command's terminal takes them and does the output processing; without, it passes output
    /// bytes unchanged and the real terminal processes them, as it would bare, unless
    /// `processesOutput`: beside a loadwrap that may put the real terminal in raw mode, the command's
    /// own terminal turns each newline into CR LF (its default modes, termios(3)).
    package convenience init(modes: termios?, processesOutput: Bool = false) throws(SpawnError) {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard lw_openpty(&primary, &secondary) == 0 else {
            throw .failed("pseudo-terminal", reason: String(cString: strerror(errno)))
        }
        self.init(primary: primary, secondary: secondary)
        // Neither mode change is checked: a pseudo-terminal that refused one keeps its defaults
        // (echo, canonical input, output processing: termios(3)), with which the command's
        // terminal still works and the screen looks the same; the real terminal is not touched.
        if var modes {
            tcsetattr(secondary, TCSANOW, &modes)
        } else if !processesOutput {
            Self.disableOutputProcessing(secondary)
        }
    }

    /// Relays a pseudo-terminal opened elsewhere (a `-c` command's, opened by the runner), whose
    /// descriptors it now owns; the primary is made non-blocking.
    package init(primary: Int32, secondary: Int32) {
        self.primary = primary
        self.secondary = secondary
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
    }

    /// The file name of the secondary side, for the command to open as its controlling terminal.
    var secondaryPath: String? {
        ttyname(secondary).map { String(cString: $0) }
    }

    /// Closes loadwrap's copy of the secondary side once the command holds its own, so the
    /// primary reports end of data (EIO on Linux) when the last writer is gone.
    package func releaseSecondary() {
        close(secondary)
        secondary = -1
    }

    /// Gives the pseudo-terminal the real terminal's size.
    package func resize(to size: (rows: UInt16, columns: UInt16)?) {
        guard let size else { return }
        lw_set_winsize(primary, size.rows, size.columns)
    }

    package func interests(into list: inout [PollInterest]) {
        if !closed { list.append(.readable(primary)) }
    }

    package func handle(_ fd: Int32, revents: Int16) {
        relayAvailable(maxReads: Relay.readsPerTurn)
    }

    /// Reads what is waiting and hands it on; marks the relay closed at end of data.
    package func relayAvailable(maxReads: Int) {
        guard !closed else { return }
        let outcome = FileDescriptorIO.readChunks(primary, into: buffer, maxReads: maxReads) { chunk in
            _ = sink?.output(chunk)
            tap?(chunk)
            return true
        }
        if outcome == .ended { closed = true }  // 0 or EIO: no writer left
    }

    /// Turns off output post-processing (e.g. `\n` → `\r\n`) so the command's bytes reach the
    /// real terminal unchanged; the real terminal applies its own processing, as it would bare.
    private static func disableOutputProcessing(_ fd: Int32) {
        var modes = termios()
        guard tcgetattr(fd, &modes) == 0 else { return }
        modes.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(fd, TCSANOW, &modes)
    }
}

/// Read budgets shared by the relays.
package enum Relay {
    /// Chunks read from one source before the loop looks at the others again (64 KiB each):
    /// under a flood the loop must come back to keys and signals (Ctrl-C).
    static let readsPerTurn = 8
    /// Chunks read after the command ended: more than a pipe or pseudo-terminal buffer holds,
    /// and bounded, so a final drain ends even if a leftover background process keeps writing.
    package static let finalReads = 64
}
