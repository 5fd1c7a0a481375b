import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C memory a spawn reads (`lw_spawn_plan` in cloadwrap.h): the arguments, the environment,
/// the stream pairs and the signal sets, owned here for as long as the plan lives, so the struct
/// handed to `lw_spawn` points only at memory nothing else frees or moves.
final class SpawnPlan {
    private let argv: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>
    private let envp: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>
    /// The environment's own entries, which `envp` borrows from `environ`: not freed here.
    private let borrowed: Int
    private let fds: UnsafeMutableBufferPointer<Int32>
    private let streams: UnsafeMutableBufferPointer<Int32>
    private let terminalPath: UnsafeMutablePointer<CChar>?
    private let signals: UnsafeMutablePointer<sigset_t>
    /// The rest of the plan, as the C struct takes it.
    private let group: Int32
    private let terminalFD: Int32
    private let forkForTerminal: Bool

    /// Copies `command`, the environment (`inherited` entries of loadwrap's own, borrowed, then
    /// `added` ones, copied) and `setup` into C memory.
    init(_ command: [String], inherited: [UnsafeMutablePointer<CChar>?], added: [String], setup: Spawner.Setup) {
        argv = Self.strings(command)
        let environment = UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: inherited.count + added.count + 1)
        _ = environment.initialize(from: inherited + added.map { strdup($0) } + [nil])
        (envp, borrowed) = (environment, inherited.count)
        // Two arrays of Int32 rather than one of (fd, stream) pairs: an array of tuples is a type
        // of its own, whose metadata the runtime builds at first use, ~9 k instructions before
        // the command starts (callgrind, `--dump-before=lw_spawn`).
        fds = Self.int32s(setup.redirections.flatMap { redirection in redirection.streams.map { _ in redirection.fd } })
        streams = Self.int32s(setup.redirections.flatMap(\.streams))
        let terminal = setup.redirections.first { $0.controllingTerminalPath != nil }
        terminalPath = terminal?.controllingTerminalPath.map { strdup($0) }
        terminalFD = terminal?.fd ?? -1
        signals = .allocate(capacity: 2)
        signals.initialize(to: sigset_t())
        sigemptyset(signals)
        for signo in setup.defaultSignals { sigaddset(signals, signo) }
        (signals + 1).initialize(to: setup.signalMask)
        group = Self.code(for: setup.group)
        forkForTerminal = setup.forkForTerminal
    }

    deinit {
        argv.dropLast().forEach { free($0) }
        envp[borrowed...].dropLast().forEach { free($0) }
        terminalPath.map { free($0) }
        [argv, envp].forEach { $0.deallocate() }
        [fds, streams].forEach { $0.deallocate() }
        signals.deinitialize(count: 2)
        signals.deallocate()
    }

    /// Starts the command; 0 with `pid` set, or the error number.
    func spawn(_ pid: inout pid_t) -> Int32 {
        var plan = lw_spawn_plan(
            file: argv[0], argv: argv.baseAddress, envp: envp.baseAddress, fds: fds.baseAddress,
            streams: streams.baseAddress, count: Int32(fds.count), group: group, terminal_fd: terminalFD,
            terminal_path: terminalPath, fork_for_terminal: forkForTerminal ? 1 : 0, defaults: signals, mask: signals + 1)
        return lw_spawn(&plan, &pid)
    }

    /// `values` copied into C memory, NULL-terminated.
    private static func strings(_ values: [String]) -> UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?> {
        let buffer = UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: values.count + 1)
        _ = buffer.initialize(from: values.map { strdup($0) } + [nil])
        return buffer
    }

    private static func int32s(_ values: [Int32]) -> UnsafeMutableBufferPointer<Int32> {
        let buffer = UnsafeMutableBufferPointer<Int32>.allocate(capacity: max(values.count, 1))
        _ = buffer.initialize(from: values)
        return buffer
    }

    /// The C target's code for `group`.
    private static func code(for group: Spawner.Group) -> Int32 {
        switch group {
        case .loadwrapsGroup: return Int32(LW_GROUP_SAME)
        case .newGroup: return Int32(LW_GROUP_NEW)
        case .newSession: return Int32(LW_GROUP_SESSION)
        }
    }
}
