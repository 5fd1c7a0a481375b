#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Passes keys from the real terminal (in raw mode) to the command's pseudo-terminal, whose
/// line discipline then echoes them and turns Ctrl-C into SIGINT for the command.
final class KeyboardRelay: EventSource {
    /// The real terminal, read for keys while it is in raw mode.
    private let keys: RawMode
    /// The terminal the overlay draws on, to know when loadwrap is in its foreground.
    private let terminal: TerminalDevice
    /// The primary side of the command's pseudo-terminal.
    private let primary: Int32
    /// The secondary side, read for the command's current modes (ISIG, the suspend key).
    private let secondary: Int32
    /// Keys the command has not taken yet (its input queue was full).
    private(set) var pending: [UInt8] = []
    /// True once the real terminal reports end of input or a hangup.
    private(set) var closed = false
    /// Where keys are read into, kept rather than made anew for every key press.
    private var buffer = [UInt8](repeating: 0, count: 4096)
    /// Called when the keys held the suspend key (Ctrl-Z).
    var onSuspendKey: (() -> Void)?
    /// Called when the keys held the interrupt or quit key (Ctrl-C, Ctrl-\) while the command's
    /// terminal turns them into signals: the user wants the run to end, as if loadwrap itself got
    /// the signal, which it would have without a terminal of the command's own.
    var onStopKey: (() -> Void)?

    /// Relays from `keys` to `primary`, judging keys by the modes of `secondary`.
    init(keys: RawMode, terminal: TerminalDevice, primary: Int32, secondary: Int32) {
        self.keys = keys
        self.terminal = terminal
        self.primary = primary
        self.secondary = secondary
    }

    /// The descriptor to poll for keys.
    var input: Int32 { keys.fd }

    /// True while keys should be read: the terminal is loadwrap's, in raw mode, and still there.
    var isReading: Bool { keys.isActive && !closed }

    func interests(into list: inout [PollInterest]) {
        if isReading { list.append(.readable(input)) }
        if !pending.isEmpty { list.append(.writable(primary)) }
    }

    func handle(_ fd: Int32, revents: Int16) {
        if fd == primary {
            flush()
        } else if relayKeys() {
            onSuspendKey?()
        }
    }

    /// Takes the keyboard (raw mode) once loadwrap is in the terminal's foreground. A background
    /// job must not touch it: the kernel would stop it with SIGTTOU, and the keys are the shell's.
    func takeIfForeground() {
        if !keys.isActive && terminal.isForeground { keys.enter() }
    }

    /// Gives the terminal its own modes back (end, Ctrl-Z).
    func release() {
        keys.restore()
    }

    /// Reads the keys waiting; returns true when they held the suspend key (Ctrl-Z) while the
    /// command's terminal generates signals. That key is not passed on: the command's process
    /// group is orphaned in its own session, where the kernel discards a terminal's SIGTSTP,
    /// so loadwrap stops it and itself instead (as a shell's job control would).
    func relayKeys() -> Bool {
        let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if n <= 0 {
            if n == 0 || (errno != EINTR && errno != EAGAIN) { closed = true }
            return false
        }
        let keys = buffer[0..<n]
        let modes = commandModes()
        let stopKeys = Self.signalKeys([VINTR, VQUIT], of: modes)
        if keys.contains(where: stopKeys.contains) { onStopKey?() }
        guard let key = Self.signalKeys([VSUSP], of: modes).first, let index = keys.firstIndex(of: key) else {
            queue(keys)
            flush()
            return false
        }
        // Keys before Ctrl-Z go now; those after it wait in `pending` until after `fg`.
        queue(keys[..<index])
        flush()
        queue(keys[(index + 1)...])
        return true
    }

    /// Adds keys to `pending`, up to a limit: a command that never reads its terminal must not
    /// make loadwrap hold every key typed (the terminal's own input queue is as bounded).
    private func queue(_ keys: ArraySlice<UInt8>) {
        pending += keys.prefix(max(0, Self.pendingLimit - pending.count))
    }

    /// Most keys kept for a command that is not reading them.
    private static let pendingLimit = 64 << 10

    /// Writes pending keys as far as the command's input queue takes them.
    func flush() {
        while !pending.isEmpty {
            let n = pending.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
            if n <= 0 { return }
            pending.removeFirst(n)
        }
    }

    /// The modes of the command's terminal as they are now, read once a read of keys; zero (no
    /// ISIG, so no signal keys) when they cannot be read.
    private func commandModes() -> termios {
        var modes = termios()
        if tcgetattr(secondary, &modes) != 0 { modes = termios() }
        return modes
    }

    /// The characters at `slots` of `modes` while they turn keys into signals (ISIG), but those
    /// turned off (`disabled`, the platform's `_POSIX_VDISABLE`: 0 on Linux, 0xFF on Darwin);
    /// none without ISIG.
    static func signalKeys(_ slots: [Int32], of modes: termios,
                           disabled: UInt8 = Platform.disabledControlCharacter) -> [UInt8] {
        guard modes.c_lflag & tcflag_t(ISIG) != 0 else { return [] }
        let keys = withUnsafeBytes(of: modes.c_cc) { cc in slots.map { cc[Int($0)] } }
        return keys.filter { $0 != disabled }
    }
}
