import CLoadWrap
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Work on a thread of its own that the caller waits for only as long as it chooses: file access
/// that a slow or hung disk (a stalled network home) could block must not hold up the terminal or
/// loadwrap's exit. The thread says it has started, and then that it is done, by writing a byte
/// to a pipe each time, which `poll` can wait on with a timeout; a caller that gives up simply
/// stops waiting (an exit ends the thread). The two bytes keep apart the wait for a processor,
/// which a busy machine lengthens but which always ends, from the wait for the body, which a
/// hung disk can make endless.
///
/// The body and its value cross threads, so both are `Sendable`: the compiler checks what they
/// capture and hand back; the class itself is checked by hand (`value` is written before the
/// pipe's byte and read only after it).
package final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let body: @Sendable () -> Value
    /// Written by the thread before it signals the pipe; read only after the pipe said done.
    private var value: Value?
    /// The pipe's read end (the caller's) and write end (the thread's, closed when it is done).
    private let doneRead: Int32
    private let doneWrite: Int32
    /// True once the caller has seen the pipe's last byte and closed its end.
    private var collected = false
    /// How far the thread has got, as far as the caller has read.
    private var progress = Step.waiting

    /// The bytes the thread writes, in this order.
    private enum Step: UInt8, Comparable {
        case waiting, started, done

        static func < (a: Step, b: Step) -> Bool { a.rawValue < b.rawValue }
    }

    private init(body: @escaping @Sendable () -> Value, doneRead: Int32, doneWrite: Int32) {
        self.body = body
        self.doneRead = doneRead
        self.doneWrite = doneWrite
    }

    /// Starts `body` on a thread of its own; nil when no pipe or thread could be made.
    package static func start(_ body: @escaping @Sendable () -> Value) -> BackgroundWork? {
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

    /// The body's value once it is done, waiting at most `startMS` (default `ms`) for the thread
    /// to start and then at most `ms` milliseconds for the body (0: just look); nil while it runs
    /// on. A value is handed out once.
    package func value(waitingMS ms: Int, toStartMS startMS: Int? = nil) -> Value? {
        guard !collected, reach(.started, waitingMS: startMS ?? ms), reach(.done, waitingMS: ms) else { return nil }
        collected = true
        close(doneRead)
        return value
    }

    /// Reads the thread's bytes until it has got to `step`, waiting at most `ms` for the next one.
    private func reach(_ step: Step, waitingMS ms: Int) -> Bool {
        while progress < step {
            var entry = pollfd(fd: doneRead, events: Int16(POLLIN), revents: 0)
            var ready: Int32
            repeat { ready = poll(&entry, 1, Int32(clamping: ms)) } while ready < 0 && errno == EINTR
            var byte: UInt8 = 0
            guard ready > 0, read(doneRead, &byte, 1) == 1, let next = Step(rawValue: byte) else { return false }
            progress = next
        }
        return true
    }

    private func runOnThread() {
        tell(.started)
        value = body()
        tell(.done)
        close(doneWrite)
    }

    private func tell(_ step: Step) {
        var byte = step.rawValue
        _ = write(doneWrite, &byte, 1)
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
