import CLoadWrap

/// Relays what the command writes to its pseudo-terminal onto the real terminal, with the
/// overlay line erased before each chunk and redrawn after it when the screen allows.
/// Every byte the command writes to the terminal goes through here, in order; loadwrap's own lines
/// (start, end, replayed output) are written between turns of the loop, never inside a chunk.
final class PtyRelay: OutputRelay {
    /// The primary side of the command's pseudo-terminal.
    let primary: Int32
    /// The secondary side, installed as the command's stdout/stderr, closed once the command runs.
    private(set) var secondary: Int32
    /// True once the pseudo-terminal has no writer left and reports end of data.
    private(set) var closed = false
    private let terminal: TerminalDevice
    private let modes: ModeWatch
    private var overlay: Overlay
    private var scanner = OutputScanner()
    private let clock: any TimeSource
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)
    /// While suspended (Ctrl-Z) nothing is drawn.
    private var suspended = false
    /// With `--quiet`, the command's output is kept here instead of shown.
    let held: HeldOutput?
    var tap: ((UnsafeRawBufferPointer) -> Void)?
    /// True once the spinner has stopped for good while the command runs on (`--until`, `loadwrap done`).
    private var overlayEnded = false

    /// Opens a pseudo-terminal the size of `terminal`. With `keyboard` (the real terminal's saved modes,
    /// when it will be in raw mode) the command's terminal takes those modes and does the output
    /// processing; without, it passes output bytes unchanged and the real terminal processes them.
    init(
        terminal: TerminalDevice, keyboard: termios?, overlay: Overlay, quiet: Bool, clock: any TimeSource
    ) throws(SpawnError) {
        var primary: Int32 = -1
        var secondary: Int32 = -1
        guard lw_openpty(&primary, &secondary) == 0 else {
            throw .failed("pseudo-terminal", reason: String(cString: strerror(errno)))
        }
        self.primary = primary
        self.secondary = secondary
        self.terminal = terminal
        self.overlay = overlay
        self.clock = clock
        held = quiet ? HeldOutput() : nil
        _ = fcntl(primary, F_SETFL, fcntl(primary, F_GETFL) | O_NONBLOCK)
        if var keyboard {
            tcsetattr(secondary, TCSANOW, &keyboard)
            modes = ModeWatch(fd: secondary)
        } else {
            Self.disableOutputProcessing(secondary)
            modes = ModeWatch(fd: terminal.fd)
        }
        resize()
    }

    /// The file name of the secondary side, for the command to open as its controlling terminal.
    var secondaryPath: String? {
        ttyname(secondary).map { String(cString: $0) }
    }

    /// Closes loadwrap's copy of the secondary side once the command holds its own, so the
    /// primary reports end of data (EIO on Linux) when the last writer is gone. Kept open
    /// instead when loadwrap reads the command's modes from it.
    func releaseSecondary() {
        close(secondary)
        secondary = -1
    }

    var pollFD: Int32? { closed ? nil : primary }

    /// True when the command's output left the cursor at the start of an empty line.
    var atLineStart: Bool { held != nil || scanner.atLineStart }

    /// When the event loop must wake for the next frame, in milliseconds from now.
    func timeoutMS() -> Int32 {
        if overlayEnded { return -1 }
        return Int32(clamping: max(0, overlay.nextDrawMS - clock.nowMS()))
    }

    /// Reads what is waiting on the primary side and relays it; marks the relay closed at end of data.
    func relayAvailable(maxReads: Int) {
        guard !closed else { return }
        let outcome = FileDescriptorIO.readChunks(primary, into: &buffer, maxReads: maxReads) { chunk in
            relay(chunk)
            return true
        }
        if outcome == .ended { closed = true }  // 0 or EIO: no writer left
    }

    /// Draws the next frame if one is due, or erases the line if the command now needs the terminal.
    func tick() {
        let now = clock.nowMS()
        guard overlay.isDue(nowMS: now) else { return }
        if canDraw {
            write(head: overlay.draw(nowMS: now, commandHidCursor: scanner.cursorHidden))
        } else {
            write(head: overlay.erase())
            overlay.skipFrame(nowMS: now)
        }
    }

    /// Copies the terminal's size to the pseudo-terminal and cuts the line to the new width.
    func resize() {
        guard let size = terminal.size else { return }
        lw_set_winsize(primary, size.rows, size.columns)
        let narrower = Int(size.columns) < overlay.columns
        overlay.columns = Int(size.columns)
        var bytes = overlay.erase(reflowed: narrower)
        if !bytes.isEmpty && canDraw {
            bytes += overlay.draw(nowMS: clock.nowMS(), commandHidCursor: scanner.cursorHidden)
        }
        write(head: bytes)
    }

    /// Erases the line before loadwrap stops (Ctrl-Z) or ends.
    func suspend() {
        suspended = true
        write(head: overlay.erase())
    }

    /// Allows drawing again after `suspend`, from the next frame.
    func resume() {
        suspended = false
        resize()
    }

    /// Stops the spinner for good; the command's output keeps flowing.
    func endOverlay() {
        overlayEnded = true
        write(head: overlay.erase())
    }

    /// Changes the title shown beside the frame.
    func setTitle(_ title: String) {
        overlay.setTitle(title)
    }

    /// The overlay may draw only where the command's screen is untouched by it.
    private var canDraw: Bool {
        !suspended && !overlayEnded && scanner.allowsOverlay && terminal.isForeground && modes.isUnchanged
    }

    /// Erase, chunk and (when due) redraw, in one write; with `--quiet`, keep the chunk instead.
    /// Held output never reaches the screen, so the screen stays as the overlay left it.
    private func relay(_ chunk: UnsafeRawBufferPointer) {
        tap?(chunk)
        if let held {
            held.append(chunk)
            return
        }
        let head = overlay.erase()
        scanner.scan(chunk)
        let now = clock.nowMS()
        let tail = overlay.isDue(nowMS: now) && canDraw
            ? overlay.draw(nowMS: now, commandHidCursor: scanner.cursorHidden) : []
        FileDescriptorIO.writeAll(terminal.fd, head: head, body: chunk, tail: tail)
    }

    /// Writes overlay bytes alone.
    private func write(head: [UInt8]) {
        guard !head.isEmpty else { return }
        head.withUnsafeBytes { _ = FileDescriptorIO.writeAll(terminal.fd, $0) }
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
