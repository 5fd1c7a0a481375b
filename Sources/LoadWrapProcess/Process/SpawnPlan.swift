import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The C memory a spawn reads (`lw_spawn_plan` in cloadwrap.h): the arguments, the environment,
/// the stream pairs and the signal sets, owned here for as long as the plan lives, so the struct
/// handed to `lw_spawn` points only at memory nothing else frees or moves.
///
/// The vectors are written straight into C memory: an array of optional pointers on the way is a
/// type of its own, whose metadata the runtime builds at first use, ~30 k instructions before the
/// command starts (callgrind, `--dump-before=lw_spawn`).
final class SpawnPlan {
    private let argv: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>
    private let envp: UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>
    /// The environment's own entries, which `envp` borrows from `environ` (not freed here), then
    /// those added, copied.
    private let borrowed: Int
    private let copied: Int
    private let fds: UnsafeMutableBufferPointer<Int32>
    private let streams: UnsafeMutableBufferPointer<Int32>
    private let terminalPath: UnsafeMutablePointer<CChar>?
    private let signals: UnsafeMutablePointer<sigset_t>
    /// The rest of the plan, as the C struct takes it.
    private let group: Int32
    private let terminalFD: Int32
    private let forkForTerminal: Bool

    /// Copies `command`, the environment (loadwrap's own as `setup` changes it) and `setup` into C memory.
    init(_ command: [String], setup: Spawner.Setup) {
        argv = Self.strings(command)
        (envp, borrowed, copied) = Self.environment(setup.environment)
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
        for index in 0..<argv.count - 1 { free(argv[index]) }
        for index in borrowed..<borrowed + copied { free(envp[index]) }
        terminalPath.map { free($0) }
        argv.deallocate()
        envp.deallocate()
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
        for (index, value) in values.enumerated() { buffer.initializeElement(at: index, to: strdup(value)) }
        buffer.initializeElement(at: values.count, to: nil)
        return buffer
    }

    /// loadwrap's own `environ` entries but those `change` adds or removes, borrowed, then the
    /// added ones, copied; NULL-terminated. Names are compared as bytes: no copies, no Swift strings.
    private static func environment(_ change: Spawner.EnvironmentChange)
        -> (UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>, borrowed: Int, copied: Int) {
        let names = Array(change.added.keys) + change.removed
        let own = lw_environ()!
        var total = 0
        while own[total] != nil { total += 1 }
        let buffer = UnsafeMutableBufferPointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: total + change.added.count + 1)
        var count = 0
        for index in 0..<total where !names.contains(where: { entry(own[index]!, names: $0) }) {
            buffer.initializeElement(at: count, to: own[index])
            count += 1
        }
        let borrowed = count
        for (name, value) in change.added {
            buffer.initializeElement(at: count, to: strdup("\(name)=\(value)"))
            count += 1
        }
        buffer.initializeElement(at: count, to: nil)
        return (buffer, borrowed, count - borrowed)
    }

    /// True when the `NAME=value` entry at `pointer` is for `name`.
    private static func entry(_ pointer: UnsafePointer<CChar>, names name: String) -> Bool {
        name.withCString { strncmp(pointer, $0, strlen($0)) == 0 } && pointer[name.utf8.count] == CChar(UInt8(ascii: "="))
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
