/// A `LoadIndicatorOutput` as the indicator uses it: resolved once, then measured and written.
struct OutputEndpoint: Sendable {
    /// True when the destination is a terminal; only then does the indicator draw.
    let isTerminal: Bool
    private let target: LoadIndicatorOutput.Target
    private let terminal: TerminalDevice?

    /// Resolves `target`; a descriptor counts as a terminal when `isatty` says so.
    init(_ target: LoadIndicatorOutput.Target) {
        self.target = target
        switch target {
        case .descriptor(let fd):
            terminal = TerminalDevice(fd: fd)
            isTerminal = terminal != nil
        case .memory(let memory):
            terminal = nil
            isTerminal = memory.isTerminal
        }
    }

    /// The width in columns now, read at each draw so the line follows a resize; 80 when unknown.
    var columns: Int {
        switch target {
        case .descriptor: return Int(terminal?.size?.columns ?? 80)
        case .memory(let memory): return memory.columns
        }
    }

    /// Writes all of `bytes` in one call where the kernel takes them whole.
    func write(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        switch target {
        case .descriptor(let fd):
            // A vanished terminal (EIO) or closed pipe must not stop the caller's work;
            // the bytes are decoration, so a failed write is dropped.
            bytes.withUnsafeBytes { _ = FileDescriptorIO.writeAll(fd, $0) }
        case .memory(let memory):
            memory.append(bytes)
        }
    }
}
