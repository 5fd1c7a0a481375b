import Testing

@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Who sent a signal: `si_code` where the kernel sets it (Linux); where it does not (XNU sets 0
/// for all but SIGCHLD), whether loadwrap's group was in the terminal's foreground then.
@Suite struct SignalOriginTests {
    @Test(arguments: [SIGINT, SIGQUIT, SIGTSTP, SIGHUP, SIGTERM])
    func theCodeDecidesWhereTheKernelSetsIt(_ signo: Int32) {
        for foreground in [false, true] {
            #expect(SignalPipe.sentByProcess(signo: signo, codeSaysProcess: true, inForeground: foreground, traits: .linux))
            #expect(!SignalPipe.sentByProcess(signo: signo, codeSaysProcess: false, inForeground: foreground, traits: .linux))
        }
    }

    @Test(arguments: [SIGINT, SIGQUIT, SIGTSTP, SIGHUP])
    func withoutTheCodeATerminalSignalInTheForegroundIsTheTerminals(_ signo: Int32) {
        // XNU's code says "process" (0) for a key too: it must not count.
        #expect(!SignalPipe.sentByProcess(signo: signo, codeSaysProcess: true, inForeground: true, traits: .darwin))
        #expect(SignalPipe.sentByProcess(signo: signo, codeSaysProcess: true, inForeground: false, traits: .darwin))
    }

    @Test func withoutTheCodeASignalNoTerminalSendsIsAlwaysAProcesss() {
        for foreground in [false, true] {
            #expect(SignalPipe.sentByProcess(signo: SIGTERM, codeSaysProcess: true, inForeground: foreground, traits: .darwin))
        }
    }
}
