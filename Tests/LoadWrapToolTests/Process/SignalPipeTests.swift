import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The signal pipe: a delivery arrives as bytes on it, and a pipe that cannot be made stops the
/// run before any handler could write to the descriptor that stood in for it.
@Suite(.serialized) struct SignalPipeTests {
    @Test func aSignalArrivesOnThePipe() throws {
        let pipe = try SignalPipe(catching: [SIGUSR2], traits: Platform.traits)
        defer { pipe.restoreDefault(SIGUSR2) }
        #expect(pipe.caught == [SIGUSR2])
        raise(SIGUSR2)
        #expect(pipe.drain().map(\.signo) == [SIGUSR2])
    }

    @Test func aPipeThatCannotBeMadeIsAStartUpFailure() {
        let reason = String(cString: strerror(EMFILE))
        #expect(throws: SpawnError.failed("signal pipe", reason: reason)) {
            try SignalPipe(catching: [SIGUSR2], traits: Platform.traits) { _ in
                errno = EMFILE
                return -1
            }
        }
        // Nothing was caught: the handler would have written to descriptor 0.
        var action = sigaction()
        sigaction(SIGUSR2, nil, &action)
        #expect(action.sa_flags & SA_SIGINFO == 0)
        let error = SpawnError.failed("signal pipe", reason: reason)
        #expect(error.exitCode == 125)
        #expect(error.message == "Error: Failed to start 'signal pipe': \(reason).")
    }
}
