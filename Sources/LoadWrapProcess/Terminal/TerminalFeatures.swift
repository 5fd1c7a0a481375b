import LoadWrapCore

/// What the terminal emulator understands beyond drawing text, read from the variables it sets:
/// a progress indicator in its tab or taskbar (OSC 9;4), and which desktop notification sequence.
/// Both are allow-lists: a terminal that does not know a sequence may show it (old iTerm2 shows
/// every OSC 9 as a notification), so nothing is sent on a guess.
package struct TerminalFeatures: Equatable, Sendable {
    /// Whether to send OSC 9;4.
    package var progress: Bool
    package var notification: TerminalNotification.Kind

    /// The variables read here, for `ProcessEnvironment`.
    package static let variables = [
        "WT_SESSION", "ConEmuANSI", "TERM_PROGRAM", "TERM_FEATURES", "VTE_VERSION", "PTYXIS_VERSION",
        "KONSOLE_VERSION", "KITTY_WINDOW_ID", "LC_TERMINAL", "TMUX", "STY",
    ]

    /// The features of the terminal `environment` describes, with `--term-progress` (or
    /// `LOADWRAP_TERM_PROGRESS`, which the parser applies as its default) as `request`; nil is `auto`.
    package static func detect(_ environment: [String: String], request: TermProgressRequest?) -> TerminalFeatures {
        let progress: Bool
        switch request ?? .auto {
        case .always: progress = true
        case .never: progress = false
        case .auto: progress = !insideMultiplexer(environment) && showsProgress(environment)
        }
        return TerminalFeatures(progress: progress, notification: notification(environment))
    }

    /// tmux and screen keep the sequences to themselves (tmux passes OSC 9;4 on only in recent
    /// versions, and only when configured).
    private static func insideMultiplexer(_ environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] != nil || environment["STY"] != nil || term.hasPrefix("screen") || term.hasPrefix("tmux")
    }

    /// cargo's list: Windows Terminal, ConEmu, Ghostty, WezTerm, iTerm2 (which announces `P` in
    /// TERM_FEATURES), VTE ≥ 0.80, Ptyxis ≥ 48, Konsole.
    private static func showsProgress(_ environment: [String: String]) -> Bool {
        environment["WT_SESSION"] != nil
            || environment["ConEmuANSI"] == "ON"
            || ["ghostty", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "")
            || (environment["TERM_FEATURES"] ?? "").utf8.contains(UInt8(ascii: "P"))
            || (environment["VTE_VERSION"].flatMap { Int($0) } ?? 0) >= 8000
            || (environment["PTYXIS_VERSION"].flatMap { Int($0.prefix { $0.isNumber }) } ?? 0) >= 48
            || environment["KONSOLE_VERSION"] != nil
    }

    /// The notification sequence the terminal is known to take; the bell inside tmux or screen.
    private static func notification(_ environment: [String: String]) -> TerminalNotification.Kind {
        if insideMultiplexer(environment) { return .bell }
        let term = environment["TERM"] ?? ""
        let program = environment["TERM_PROGRAM"] ?? ""
        if term == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil { return .osc99 }
        if program == "iTerm.app" || environment["LC_TERMINAL"] == "iTerm2" { return .osc9 }
        if ["ghostty", "WezTerm"].contains(program) || term == "xterm-ghostty" || term.hasPrefix("foot") { return .osc777 }
        return .bell
    }
}

/// `--term-progress`: whether to send the terminal's own progress indicator (OSC 9;4).
package enum TermProgressRequest: String, CaseIterable, Sendable {
    /// Where the terminal is known to show it, and not inside tmux or screen.
    case auto
    case always
    case never
}
