import Testing
@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapProcess
@testable import LoadWrapTool

/// Which terminals get the progress indicator (OSC 9;4) and which notification sequence.
@Suite struct TerminalFeaturesTests {
    static let progressTerminals: [[String: String]] = [
        ["WT_SESSION": "c0ffee"], ["ConEmuANSI": "ON"], ["TERM_PROGRAM": "ghostty"], ["TERM_PROGRAM": "WezTerm"],
        ["TERM_FEATURES": "T2CwBsP"], ["VTE_VERSION": "8000"], ["PTYXIS_VERSION": "48.1"], ["KONSOLE_VERSION": "240802"],
    ]
    static let silentTerminals: [[String: String]] = [
        [:], ["TERM": "xterm-256color"], ["ConEmuANSI": "OFF"], ["VTE_VERSION": "7802"], ["PTYXIS_VERSION": "47"],
        ["TERM_PROGRAM": "iTerm.app"], ["TERM_FEATURES": "T2Cw"], ["TERM_PROGRAM": "Apple_Terminal"],
        ["WT_SESSION": "x", "TMUX": "/tmp/tmux-0/default,1,0"], ["VTE_VERSION": "8000", "TERM": "screen-256color"],
        ["TERM_PROGRAM": "ghostty", "STY": "1.pts"], ["TERM_PROGRAM": "WezTerm", "TERM": "tmux-256color"],
    ]

    @Test(arguments: progressTerminals)
    func knownTerminalsGetTheIndicator(environment: [String: String]) {
        #expect(TerminalFeatures.detect(environment, request: nil).progress)
    }

    @Test(arguments: silentTerminals)
    func othersAndMultiplexersDoNot(environment: [String: String]) {
        #expect(!TerminalFeatures.detect(environment, request: nil).progress)
    }

    /// `LOADWRAP_TERM_PROGRESS` reaches `detect` as the request, applied by the parser
    /// (`ArgumentParserTests.environment…`); the environment itself is not read for it here.
    @Test func theRequestBeatsDetection() {
        let tmux = ["TMUX": "x", "WT_SESSION": "1"]
        #expect(TerminalFeatures.detect(tmux, request: .always).progress)
        #expect(!TerminalFeatures.detect(["WT_SESSION": "1"], request: .never).progress)
        #expect(TerminalFeatures.detect(["WT_SESSION": "1", "LOADWRAP_TERM_PROGRESS": "never"], request: nil).progress)
    }

    @Test(arguments: [
        (["TERM": "xterm-kitty"], TerminalNotification.Kind.osc99), (["KITTY_WINDOW_ID": "1"], .osc99),
        (["TERM_PROGRAM": "iTerm.app"], .osc9), (["LC_TERMINAL": "iTerm2"], .osc9),
        (["TERM_PROGRAM": "ghostty"], .osc777), (["TERM": "xterm-ghostty"], .osc777), (["TERM_PROGRAM": "WezTerm"], .osc777),
        (["TERM": "foot"], .osc777), (["TERM": "foot-extra"], .osc777),
        ([:], .bell), (["WT_SESSION": "1"], .bell), (["TERM": "xterm-kitty", "TMUX": "x"], .bell),
    ])
    func notificationKind(environment: [String: String], expected: TerminalNotification.Kind) {
        #expect(TerminalFeatures.detect(environment, request: nil).notification == expected)
    }
}

/// The exact bytes of the indicator and the notifications.
@Suite struct TerminalSignalTests {
    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func eachStateOnceAndOnlyOnChange() {
        var indicator = TerminalProgress()
        #expect(indicator.show(.none).isEmpty, "the terminal starts with nothing")
        #expect(text(indicator.show(.busy)) == "\u{1B}]9;4;3;0\u{1B}\\")
        #expect(indicator.show(.busy).isEmpty)
        #expect(text(indicator.show(.value(52))) == "\u{1B}]9;4;1;52\u{1B}\\")
        #expect(indicator.show(TerminalProgress.state(for: LoadProgress(percent: 52.9))).isEmpty, "same whole percent")
        #expect(text(indicator.show(.value(140))) == "\u{1B}]9;4;1;100\u{1B}\\")
        #expect(text(indicator.show(.failed)) == "\u{1B}]9;4;2;100\u{1B}\\")
        #expect(text(indicator.show(.none)) == "\u{1B}]9;4;0;0\u{1B}\\")
    }

    @Test func notificationsPerKind() {
        let line = "✖ make; deploy · exit 2 · 4m12s"
        #expect(text(TerminalNotification.bytes(line, kind: .osc777)) == "\u{1B}]777;notify;loadwrap;✖ make, deploy · exit 2 · 4m12s\u{1B}\\")
        #expect(text(TerminalNotification.bytes(line, kind: .osc9)) == "\u{1B}]9;\(line)\u{1B}\\")
        #expect(text(TerminalNotification.bytes("4;2", kind: .osc9)) == "\u{1B}]9; 4;2\u{1B}\\")
        #expect(text(TerminalNotification.bytes(line, kind: .osc99)) == "\u{1B}]99;;\(line)\u{1B}\\")
        #expect(TerminalNotification.bytes(line, kind: .bell) == [0x07])
    }

    @Test func notificationTextCarriesNoEscapes() {
        for kind in [TerminalNotification.Kind.osc777, .osc9, .osc99] {
            let bytes = TerminalNotification.bytes("a\u{1B}]0;x\u{07}b\u{9C}c", kind: kind)
            #expect(bytes.filter { $0 == 0x1B }.count == 2, "only the sequence's own ESC ] and ESC \\")
            #expect(!bytes.contains(0x07))
        }
    }
}

/// The painter sends the indicator only where its own bytes may go.
@Suite struct PainterIndicatorTests {
    private static let look = Overlay.Look(
        style: SpinnerStyle(name: "t", frames: ["a", "b"], intervalMS: 100), color: false, utf8: true)

    private func painter() -> Painter {
        Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 0, delayMS: 0, columns: 80), indicator: true)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    private func around(_ painter: inout Painter, _ text: String, at now: Int) -> String {
        var copy = text
        return copy.withUTF8 { utf8 in
            let (head, tail) = painter.around(UnsafeRawBufferPointer(utf8), nowMS: now, view: TerminalView())
            return self.text(head) + text + self.text(tail)
        }
    }

    @Test func busyWithTheFirstFrameThenTheValueAndRemovedAtTheEnd() {
        var painter = painter()
        #expect(text(painter.frame(nowMS: 0, view: TerminalView())).hasPrefix("\u{1B}]9;4;3;0\u{1B}\\\u{1B}[?25l"))
        painter.setProgress(LoadProgress(percent: 40), nowMS: 50)
        #expect(text(painter.frame(nowMS: 100, view: TerminalView())).hasPrefix("\u{1B}]9;4;1;40\u{1B}\\\r"))
        #expect(!text(painter.frame(nowMS: 200, view: TerminalView())).contains("]9;4"))
        #expect(text(painter.end()).hasSuffix("\u{1B}]9;4;0;0\u{1B}\\"))
        #expect(painter.removeIndicator().isEmpty)
    }

    @Test func aFailureTurnsItRedUntilRemoved() {
        var painter = painter()
        _ = painter.frame(nowMS: 0, view: TerminalView())
        #expect(text(painter.end(failed: true)).hasSuffix("\u{1B}]9;4;2;100\u{1B}\\"))
        #expect(painter.indicatorShowsFailure)
        #expect(text(painter.removeIndicator()) == "\u{1B}]9;4;0;0\u{1B}\\")
    }

    /// Removed once the sequence ends; output that never ends it gets nothing appended, not even
    /// the removal: the terminal is left as the bare run leaves it (issue 10).
    @Test func neverInsideTheCommandsSequenceNotEvenAtTheEnd() {
        var painter = painter()
        _ = painter.frame(nowMS: 0, view: TerminalView())
        #expect(around(&painter, "\u{1B}[3", at: 10) == "\r\u{1B}[K\u{1B}[?25h\u{1B}[3")
        #expect(painter.end().isEmpty, "nothing while the output is inside a sequence")
        #expect(around(&painter, "1m", at: 20) == "1m" + "\u{1B}]9;4;0;0\u{1B}\\", "sent once the sequence ended")

        var unfinished = self.painter()
        _ = unfinished.frame(nowMS: 0, view: TerminalView())
        _ = around(&unfinished, "\u{1B}[3", at: 10)
        _ = unfinished.end()
        #expect(unfinished.lastLines().isEmpty)
        #expect(unfinished.removeIndicator().isEmpty)
    }

    @Test func removedWhileAFullScreenProgramRunsAndBackAfter() {
        var painter = painter()
        _ = painter.frame(nowMS: 0, view: TerminalView())
        _ = around(&painter, "\u{1B}[?1049h", at: 10)
        #expect(text(painter.frame(nowMS: 100, view: TerminalView())) == "\u{1B}]9;4;0;0\u{1B}\\")
        // Back with the line, right after the program leaves: the line is put back after that chunk.
        #expect(around(&painter, "\u{1B}[?1049l", at: 150) == "\u{1B}[?1049l" + "\u{1B}]9;4;3;0\u{1B}\\" + "\u{1B}[?25l\r\u{1B}[?7la w 0s\u{1B}[K\u{1B}[?7h\r")
    }

    @Test func removedWhileStopped() {
        var painter = painter()
        _ = painter.frame(nowMS: 0, view: TerminalView())
        #expect(text(painter.suspend()).hasSuffix("\u{1B}]9;4;0;0\u{1B}\\"))
    }

    @Test func offByDefault() {
        var plain = Painter(overlay: Overlay(look: Self.look, title: "w", startMS: 0, delayMS: 0, columns: 80))
        #expect(!text(plain.frame(nowMS: 0, view: TerminalView())).contains("]9;4"))
        #expect(!text(plain.end(failed: true)).contains("]9;4"))
        #expect(plain.removeIndicator().isEmpty)
    }
}
