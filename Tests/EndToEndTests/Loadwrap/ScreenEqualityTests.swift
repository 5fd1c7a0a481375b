import Testing

/// `loadwrap -- X` must leave exactly the screen that `X` alone leaves: scrollback, colours,
/// soft wraps, cursor position and visibility, in the tests' model and in tmux, libvterm and VTE
/// (`TerminalEngine`); more cases, at three sizes, in `ScreenEqualityTests+Sizes.swift`.
@Suite(.enabled(if: TerminalEngine.allInstalled || ExternalTool.onCI, EngineReplay.missing))
struct ScreenEqualityTests {
    /// One kind of output, as a shell script.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let script: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "plain lines", script: "echo one; echo two; echo three"),
        Case(name: "3000-line burst", script: "seq 3000"),
        Case(name: "colours", script: #"printf '\033[31mred\033[0m \033[1;32mbold green\033[0m\n\033[48;5;22m\033[38;2;1;2;3mrgb on 22\033[0m\n'"#),
        Case(name: "lines longer than the width", script: "seq -s, 1 100; printf '%080d\\n' 7; printf '%081d\\n' 8; echo end"),
        Case(name: "no trailing newline", script: "printf abc"),
        Case(name: "stdout and stderr interleaved", script: "for i in 1 2 3; do echo out$i; echo err$i >&2; done"),
        Case(name: "wide text", script: "printf '日本語のテキスト\\n한국어 텍스트\\n絵文字 😀🎉 e\\314\\201\\n%s\\n' 日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日日"),
        Case(name: "carriage-return progress", script: "for i in 1 2 3; do printf '\\r%d%%' $i; sleep 0.2; done; echo"),
        Case(name: "silence", script: "sleep 1"),
        Case(name: "rows erased in grey, then a full-screen program",
             script: #"printf '\033[48;5;8m\033[2J\033[0mtext\n'; printf '\033[?1049h\033[2Jmenu\033[?1049l'"#),
    ]

    @Test("quick command, default delay: nothing drawn, same screen", arguments: cases)
    func sameScreenWithDefaultDelay(_ c: Case) throws {
        try SideBySide.expectSameScreen(
            bare: Loadwrap.sh(c.script), wrapped: Loadwrap.command(["--", "sh", "-c", c.script]), spinnerMustShow: false,
            context: "case: \(c.name), default delay")
    }

    @Test("spinner drawn from the start (--delay 0) and erased: same screen", arguments: cases)
    func sameScreenWithSpinnerShown(_ c: Case) throws {
        let script = "sleep 0.5; \(c.script); sleep 0.5"
        try SideBySide.expectSameScreen(
            bare: Loadwrap.sh(script), wrapped: Loadwrap.command(["--delay", "0", "--", "sh", "-c", script]), spinnerMustShow: true,
            context: "case: \(c.name), --delay 0")
    }
}
