import CLoadWrap
import Testing

/// `lw_device_path`, which turns the name Apple's devname_r gives (`ttys003`, without `/dev/`:
/// Libc gen/devname.c) into the path macOS opens the keyboard by. It is compiled on Linux too so
/// this suite checks what only a Mac would otherwise run: a bare name opened as a relative path
/// once left macOS without a keyboard.
@Suite struct DevicePathTests {
    /// The path for `name` in a buffer of `size` bytes, or nil when lw_device_path refuses it.
    private func path(_ name: String, size: Int = 64) -> String? {
        var buffer = [CChar](repeating: 0, count: size)
        guard lw_device_path(name, &buffer, size) == 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)
    }

    @Test func aBareNameIsUnderDev() {
        #expect(path("ttys003") == "/dev/ttys003")
        #expect(path("console") == "/dev/console")
    }

    /// "/dev/ttys003" is 12 bytes: it fits 13 with its NUL, not 12.
    @Test func aPathThatDoesNotFitIsRefused() {
        #expect(path("ttys003", size: 13) == "/dev/ttys003")
        #expect(path("ttys003", size: 12) == nil)
    }

    /// devname_r's own fallback, when no device entry has the number, is a made-up `#C16:3`.
    @Test func noNameIsNoPath() {
        #expect(path("") == nil)
        #expect(path("#C16:3") == nil)
    }
}
