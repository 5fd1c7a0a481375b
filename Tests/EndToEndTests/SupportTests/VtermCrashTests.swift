import Testing

/// libvterm 0.1.4 crashes on a CSI of more than 16 arguments (fuzz seed 30332's bare output): a
/// stream that crashes it is a screen of its own, which a crashing bare stream matches and a
/// sound one does not, and the streams beside it in the batch still replay.
@Suite(.enabled(if: VtermReplay.isInstalled || ExternalTool.onCI, EngineReplay.missing))
struct VtermCrashTests {
    @Test func aStreamThatCrashesLibvtermIsAScreenOfItsOwn() throws {
        let crashing = Array("x\u{1B}[48;2;7;208;189;48:2::248:162:43;38:2::203:194:204mE\u{1B}[0m\r\n".utf8)
        let sound = Array("x\r\n".utf8)
        let screens = try TerminalEngine.libvterm.replay(
            [crashing, crashing, sound].map { ReplayStream(bytes: $0, cols: 80, rows: 24) })
        #expect(screens[0] == screens[1])
        #expect(screens[0].visible.first?.hasPrefix("⟦libvterm crashed") == true, "\(screens[0])")
        #expect(screens[2].visible.first == "x")
    }
}
