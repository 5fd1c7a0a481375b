/// Where a `LoadIndicator` writes: a file descriptor (standard error by default) or, for
/// tests, an in-memory `Memory` recorder.
public struct LoadIndicatorOutput: Sendable {
    /// The destination behind the value.
    enum Target: Sendable {
        /// A file descriptor the process owns; the indicator never closes it.
        case descriptor(Int32)
        /// Bytes collected in memory.
        case memory(Memory)
    }

    /// The destination behind the value.
    let target: Target

    /// Standard error, where progress belongs: it keeps standard output clean for data.
    public static let standardError = LoadIndicatorOutput(target: .descriptor(2))

    /// Writes to `fd`, which stays open and owned by the caller.
    public static func fileDescriptor(_ fd: Int32) -> LoadIndicatorOutput {
        LoadIndicatorOutput(target: .descriptor(fd))
    }

    /// Collects bytes in `memory`, which plays a terminal of fixed width (or not a terminal).
    public static func memory(_ memory: Memory) -> LoadIndicatorOutput {
        LoadIndicatorOutput(target: .memory(memory))
    }

    /// Resolves the destination once: whether it is a terminal, and how to measure and write it.
    func open() -> OutputEndpoint {
        OutputEndpoint(target)
    }
}
