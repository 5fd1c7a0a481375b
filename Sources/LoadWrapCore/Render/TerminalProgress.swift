/// The terminal's progress indicator (ConEmu's OSC 9;4, in the tab or taskbar) and desktop
/// notifications, as bytes. An indicator sequence is written only when what it shows changes
/// (state, or the whole percent), so a busy command costs a few sequences a second at most.
struct TerminalProgress: Sendable {
    /// What the indicator shows.
    enum State: Equatable, Sendable {
        /// Nothing: removed.
        case none
        /// Busy, how far unknown.
        case busy
        /// This whole percent done.
        case value(Int)
        /// Failed (red where the terminal has colours for it).
        case failed
    }

    /// What was last sent; the terminal starts with nothing.
    private(set) var shown = State.none

    /// The sequence that shows `state`, or nothing when it shows already.
    mutating func show(_ state: State) -> [UInt8] {
        guard state != shown else { return [] }
        shown = state
        let (code, percent): (Int, Int) = switch state {
        case .none: (0, 0)
        case .value(let percent): (1, min(100, max(0, percent)))
        case .failed: (2, 100)
        case .busy: (3, 0)
        }
        return Array("\u{1B}]9;4;\(code);\(percent)\u{1B}\\".utf8)
    }

    /// The state for a spinner with `progress` (nil: busy).
    static func state(for progress: LoadProgress?) -> State {
        progress.map { .value(Int($0.fraction * 100)) } ?? .busy
    }
}

/// A desktop notification as the terminal takes it: `text` is loadwrap's end line, sanitised.
package enum TerminalNotification {
    /// How a desktop notification is asked for: the terminal emulator takes one of these.
    package enum Kind: Equatable, Sendable {
        /// `OSC 777 ; notify ; TITLE ; BODY`: foot, Ghostty, WezTerm.
        case osc777
        /// `OSC 9 ; TEXT`: iTerm2.
        case osc9
        /// `OSC 99 ; ; TEXT`: kitty.
        case osc99
        /// The terminal bell, which every terminal has (and tmux and screen pass on as an alert).
        case bell
    }


    package static func bytes(_ text: String, kind: Kind) -> [UInt8] {
        let safe = Sanitizer.sanitize(text)
        switch kind {
        case .osc777:
            // `;` separates the title from the body.
            let body = safe.replacing(";", with: ",")
            return Array("\u{1B}]777;notify;loadwrap;\(body)\u{1B}\\".utf8)
        case .osc9:
            // A text starting `4;` would read as a progress sequence.
            return Array("\u{1B}]9;\(safe.hasPrefix("4;") ? " " + safe : safe)\u{1B}\\".utf8)
        case .osc99:
            return Array("\u{1B}]99;;\(safe)\u{1B}\\".utf8)
        case .bell:
            return [0x07]
        }
    }
}
