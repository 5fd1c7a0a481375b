import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work on a thread of its own that the caller waits for only as long as it chooses: file access
/// that a slow or hung disk (a stalled network home) could block must not hold up the terminal or
/// loadwrap's exit. The thread says it is done by writing a byte to a pipe, which `poll` can wait
/// on with a timeout; a caller that gives up simply stops waiting (an exit ends the thread).
///
/// The body and its value cross threads, so both are `Sendable`: the compiler checks what they
/// capture and hand back; the class itself is checked by hand (`value` is written before the
/// pipe's byte and read only after it).
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let body: @Sendable () -> Value
    /// Written by the thread before it signals the pipe; read only after the pipe said done.
    private var value: Value?
    /// The pipe's read end (the caller's) and write end (the thread's, closed when it is done).
    private let doneRead: Int32
    private let doneWrite: Int32
    /// True once the caller has seen the pipe's byte and closed its end.
    private var collected = false

    private init(body: @escaping @Sendable () -> Value, doneRead: Int32, doneWrite: Int32) {
        self.body = body
        self.doneRead = doneRead
        self.doneWrite = doneWrite
    }

    /// Starts `body` on a thread of its own; nil when no pipe or thread could be made.
    static func start(_ body: @escaping @Sendable () -> Value) -> BackgroundWork? {
        var fds: [Int32] = [-1, -1]
        guard lw_pipe(&fds, 0, 0) == 0 else { return nil }
        let work = BackgroundWork(body: body, doneRead: fds[0], doneWrite: fds[1])
        guard DetachedThread.start({ work.runOnThread() }) else {
            close(fds[0])
            close(fds[1])
            return nil
        }
        return work
    }

    /// The body's value once it is done, waiting at most `ms` milliseconds (0: just look); nil
    /// while it runs on. A value is handed out once.
    func value(waitingMS ms: Int) -> Value? {
        guard !collected else { return nil }
        var entry = pollfd(fd: doneRead, events: Int16(POLLIN), revents: 0)
        var ready: Int32
        repeat { ready = poll(&entry, 1, Int32(clamping: ms)) } while ready < 0 && errno == EINTR
        guard ready > 0 else { return nil }
        collected = true
        close(doneRead)
        return value
    }

    private func runOnThread() {
        value = body()
        var byte: UInt8 = 1
        _ = write(doneWrite, &byte, 1)
        close(doneWrite)
    }
}

/// A thread nobody joins, started with every signal blocked: loadwrap's handlers and `waitid`
/// stay on the main thread.
private final class DetachedThread {
    private let body: @Sendable () -> Void

    private init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
    }

    /// Runs `body` on a new thread, started with every signal blocked (lw_start_thread); false
    /// when none could be made.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(DetachedThread(body)).toOpaque()
        let started = lw_start_thread({ Unmanaged<DetachedThread>.fromOpaque($0!).takeRetainedValue().body(); return nil },
                                      context) == 0
        if !started { Unmanaged<DetachedThread>.fromOpaque(context).release() }
        return started
    }
}
