import Testing
@testable import LoadWrapProcess
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Which keys the command's terminal turns into signals, judged from its modes as they are.
@Suite struct KeyboardRelayTests {
    /// Modes with ISIG as given, `intr` and `quit` at their slots.
    private static func modes(isig: Bool = true, intr: UInt8, quit: UInt8 = 0x1C) -> termios {
        var modes = termios()
        if isig { modes.c_lflag |= tcflag_t(ISIG) }
        withUnsafeMutableBytes(of: &modes.c_cc) { cc in
            cc[Int(VINTR)] = intr
            cc[Int(VQUIT)] = quit
        }
        return modes
    }

    @Test func theInterruptAndQuitKeysAreTheTerminalsOwn() {
        #expect(KeyboardRelay.signalKeys([VINTR, VQUIT], of: Self.modes(intr: 0x18)) == [0x18, 0x1C])
    }

    @Test func withoutISIGNoKeyIsASignal() {
        #expect(KeyboardRelay.signalKeys([VINTR, VQUIT], of: Self.modes(isig: false, intr: 0x03)).isEmpty)
    }

    /// `stty intr undef` stores the platform's `_POSIX_VDISABLE`: 0 on Linux, but 0xFF on Darwin,
    /// where 0 is Ctrl-@ and a real key. A byte 0xFF typed there is no Ctrl-C.
    @Test func aKeyTurnedOffIsNoKeyOnEitherPlatform() {
        #expect(KeyboardRelay.signalKeys([VINTR, VQUIT], of: Self.modes(intr: 0xFF), disabled: 0xFF) == [0x1C])
        #expect(KeyboardRelay.signalKeys([VINTR, VQUIT], of: Self.modes(intr: 0), disabled: 0xFF) == [0, 0x1C])
        #expect(KeyboardRelay.signalKeys([VINTR, VQUIT], of: Self.modes(intr: 0), disabled: 0) == [0x1C])
    }
}
