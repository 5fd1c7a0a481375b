import Testing

/// `loadwrap -- X` must leave exactly the screen that `X` alone leaves: scrollback, colours,
/// soft wraps, cursor position and visibility.
@Suite struct ScreenEqualityTests {
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
        try expectSameScreen(script: c.script, options: [], spinnerMustShow: false)
    }

    @Test("spinner drawn from the start (--delay 0) and erased: same screen", arguments: cases)
    func sameScreenWithSpinnerShown(_ c: Case) throws {
        try expectSameScreen(script: "sleep 0.5; \(c.script); sleep 0.5", options: ["--delay", "0"], spinnerMustShow: true)
    }

    private func expectSameScreen(script: String, options: [String], spinnerMustShow: Bool) throws {
        let bare = try PtySession.run(Loadwrap.sh(script))
        let wrapped = try PtySession.run(Loadwrap.command(options + ["--", "sh", "-c", script]))
        #expect(bare.termination == .exited(0))
        #expect(wrapped.termination == .exited(0))
        if spinnerMustShow {
            #expect(!Loadwrap.frames(in: wrapped.output).isEmpty, "the spinner never drew, so this proves nothing")
        }
        let expected = bare.screen().snapshot
        let actual = wrapped.screen().snapshot
        #expect(actual == expected, "\(actual.difference(from: expected))")
    }
}
