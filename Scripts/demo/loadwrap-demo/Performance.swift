/// How one scene plays on the demo's terminal: the screen cleared, the command line typed after
/// a prompt, the bytes the command really drew at the times they came, then the shell's next
/// prompt, held so the clean end can be seen. Only the prompt and the typing are the demo's own
/// bytes; they reach the terminal model like everything else.
struct Performance {
    /// A green `$`, as a shell's prompt.
    static let prompt = "\u{1B}[1;32m$\u{1B}[0m "
    /// What `clear` prints: cursor home, screen erased.
    static let clear = "\u{1B}[H\u{1B}[2J"

    /// Seconds between typed characters.
    var keystroke = 0.045
    /// Seconds on the empty prompt, and again on the whole command line before Enter.
    var pause = 0.5
    /// Seconds the next prompt stays before the following scene.
    var hold = 2.0

    /// The events of `command`, recorded as `recording`, from `start` on; and when it ends.
    func scene(_ command: String, _ recording: Recording, at start: Double) -> (events: [TimedBytes], end: Double) {
        var events = [TimedBytes(start, Self.clear + Self.prompt)]
        var time = start + pause
        for character in command {
            time += keystroke
            events.append(TimedBytes(time, String(character)))
        }
        time += pause
        // Enter, as the terminal echoes it (ONLCR: CR LF).
        events.append(TimedBytes(time, "\r\n"))
        events += recording.chunks.map { TimedBytes(time + $0.time, $0.bytes) }
        time += recording.duration
        events.append(TimedBytes(time, Self.prompt))
        return (events, time + hold)
    }
}
