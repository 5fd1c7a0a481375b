import LoadWrapCore
import LoadWrapProcess

/// One line on the control channel, from a command (or a nested loadwrap) to the loadwrap above it.
/// The wire form is `verb TAB fields… LF`, at most `maxBytes` long, so each write is atomic on a FIFO.
package enum ControlMessage: Equatable, Sendable {
    /// `loadwrap say TEXT`: a new title.
    case say(String)
    /// `loadwrap done [TEXT]`: stop the spinner now, optionally with a success line.
    case done(String?)
    /// A nested loadwrap started (or its command said `say`): show its title after the outer one.
    /// `parent` is the loadwrap whose command ran it, 0 for the one that reads this: runs with the
    /// same parent going at once are siblings, shown as rows (`RunTree.rows`).
    case push(pid: Int32, parent: Int32 = 0, title: String)
    /// A loadwrap beside this one in a pipeline started (or its command said `say`): show its title
    /// before or after this one's, `gen | parse`.
    case join(pid: Int32, title: String, before: Bool)
    /// A loadwrap on the same terminal, in no pipeline with this one (a shell's `&`), started (or
    /// its command said `say`): a row of its own under the line.
    case peer(pid: Int32, title: String)
    /// A nested loadwrap, or one beside, runs this command line (sanitised, as its title would show
    /// it), for the run tree's record; sent after its entry.
    case command(pid: Int32, line: String)
    /// A nested loadwrap, or one beside, ended: with its exit status or signal where it says
    /// (`pop PID x3`, `pop PID k15`), and its usual time when its history knows one and it ran
    /// long enough to be slower (`pop PID x0 u72000`), for the run tree's record of it.
    case pop(pid: Int32, status: ChildEnd? = nil, usualMS: Int? = nil)
    /// `loadwrap progress VALUE` or `--clear` (nil), or `--progress-from` reading the output.
    case progress(LoadProgress?)
    /// A nested loadwrap, or one beside, knows how far its command has got (nil: no longer).
    case entryProgress(pid: Int32, LoadProgress?)
    /// A loadwrap beside this one is about to write its command's output on the terminal: the
    /// line goes, and gives that loadwrap the turn (`TerminalTurn`).
    case makeWay(pid: Int32)
    /// A nested loadwrap starts beside a sibling that streams (`SiblingLock`): it holds its command's
    /// output for a block of its own, which heads it, so its start gets no line of the outer's.
    case hold(pid: Int32)
    /// A nested loadwrap that held its output ended without the turn: its block waits as a file
    /// in the outer's control directory (`SiblingBlocks.path`), for the outer to write.
    case block(pid: Int32)

    /// Longest message: below PIPE_BUF (512 bytes at least, by POSIX), so writes never interleave.
    static let maxBytes = 512

    /// The wire form, cut to fit. Texts are already sanitised where they entered loadwrap (the
    /// command line, or this channel when forwarded), so they hold no tab or line break.
    var encoded: [UInt8] {
        let fields: [String]
        switch self {
        case .say(let text): fields = ["say", text]
        case .done(let text): fields = ["done"] + (text.map { [$0] } ?? [])
        case .push(let pid, 0, let title): fields = ["push", "\(pid)", title]
        case .push(let pid, let parent, let title): fields = ["pushunder", "\(pid)", "\(parent)", title]
        case .join(let pid, let title, let before): fields = ["join", "\(pid)", before ? "before" : "after", title]
        case .peer(let pid, let title): fields = ["peer", "\(pid)", title]
        case .command(let pid, let line): fields = ["command", "\(pid)", line]
        case .pop(let pid, nil, _): fields = ["pop", "\(pid)"]
        case .pop(let pid, let status?, let usualMS): fields = ["pop", "\(pid)", Self.field(status)] + (usualMS.map { ["u\($0)"] } ?? [])
        case .progress(let value): fields = ["progress", value?.text ?? ""]
        case .entryProgress(let pid, let value): fields = ["progressof", "\(pid)", value?.text ?? ""]
        case .makeWay(let pid): fields = ["makeway", "\(pid)"]
        case .hold(let pid): fields = ["hold", "\(pid)"]
        case .block(let pid): fields = ["block", "\(pid)"]
        }
        var line = fields.joined(by: "\t")
        while line.utf8.count > Self.maxBytes - 1 { line.removeLast() }
        return Array((line + "\n").utf8)
    }

    /// The message on one line (without its newline), or nil for anything malformed. Texts are
    /// sanitised here, where they enter from the command, which may send anything.
    init?(line: Substring) {
        let maxSplits = line.hasPrefix("join\t") || line.hasPrefix("pushunder\t") || line.hasPrefix("pop\t") ? 3 : 2
        let fields = line.split(separator: "\t", maxSplits: maxSplits, omittingEmptySubsequences: false).map(String.init)
        switch (fields.first, fields.count) {
        case ("say", 2): self = .say(Sanitizer.sanitize(fields[1]))
        case ("done", 1): self = .done(nil)
        case ("done", 2):
            // Text that sanitises to nothing is no text, as `loadwrap done ""` on the command line.
            let text = Sanitizer.sanitize(fields[1])
            self = .done(text.isEmpty ? nil : text)
        case ("push", 3):
            guard let pid = Int32(fields[1]) else { return nil }
            self = .push(pid: pid, title: Sanitizer.sanitize(fields[2]))
        case ("pushunder", 4):
            guard let pid = Int32(fields[1]), let parent = Int32(fields[2]), parent != 0 else { return nil }
            self = .push(pid: pid, parent: parent, title: Sanitizer.sanitize(fields[3]))
        case ("join", 4):
            guard let pid = Int32(fields[1]), ["before", "after"].contains(fields[2]) else { return nil }
            self = .join(pid: pid, title: Sanitizer.sanitize(fields[3]), before: fields[2] == "before")
        case ("peer", 3):
            guard let pid = Int32(fields[1]) else { return nil }
            self = .peer(pid: pid, title: Sanitizer.sanitize(fields[2]))
        case ("command", 3):
            guard let pid = Int32(fields[1]) else { return nil }
            self = .command(pid: pid, line: Sanitizer.sanitize(fields[2]))
        case ("pop", 2):
            guard let pid = Int32(fields[1]) else { return nil }
            self = .pop(pid: pid)
        case ("pop", 3):
            guard let pid = Int32(fields[1]), let status = Self.status(fields[2]) else { return nil }
            self = .pop(pid: pid, status: status)
        case ("pop", 4):
            guard let pid = Int32(fields[1]), let status = Self.status(fields[2]), fields[3].first == "u",
                  let usualMS = Int(fields[3].dropFirst()), usualMS >= 0 else { return nil }
            self = .pop(pid: pid, status: status, usualMS: usualMS)
        case ("progress", 2):
            guard let value = Self.progress(fields[1]) else { return nil }
            self = .progress(value)
        case ("progressof", 3):
            guard let pid = Int32(fields[1]), let value = Self.progress(fields[2]) else { return nil }
            self = .entryProgress(pid: pid, value)
        case ("makeway", 2):
            guard let pid = Int32(fields[1]) else { return nil }
            self = .makeWay(pid: pid)
        case ("hold", 2):
            guard let pid = Int32(fields[1]) else { return nil }
            self = .hold(pid: pid)
        case ("block", 2):
            guard let pid = Int32(fields[1]), pid > 0 else { return nil }
            self = .block(pid: pid)
        default:
            return nil
        }
    }
}

extension ControlMessage {
    /// A status field: `x` and an exit status, or `k` and a signal; nil when malformed.
    private static func status(_ field: String) -> ChildEnd? {
        guard let kind = field.first, let number = Int32(field.dropFirst()), number >= 0 else { return nil }
        switch kind {
        case "x": return number <= 255 ? .exited(number) : nil
        case "k": return number > 0 ? .killed(number) : nil
        default: return nil
        }
    }

    /// The status field of `status`: `x3`, `k15`.
    private static func field(_ status: ChildEnd) -> String {
        switch status {
        case .exited(let code): "x\(code)"
        case .killed(let signo): "k\(signo)"
        }
    }

    /// A progress field: empty for none (`.some(nil)`), a value, or nil when malformed.
    private static func progress(_ field: String) -> LoadProgress?? {
        if field.isEmpty { return .some(nil) }
        return LoadProgress(text: Substring(field)).map { .some($0) }
    }
}

/// Splits the channel's byte stream into messages; a line longer than the limit is dropped.
struct ControlDecoder {
    /// The byte loadwrap puts in its own FIFO behind messages it reads (`ControlChannel.drain`):
    /// NUL, which no message holds (arguments are C strings), skipped wherever it falls, also
    /// inside a line written in parts.
    static let filler: UInt8 = 0

    private var pending: [UInt8] = []
    /// True from the byte that makes the current line too long until its newline.
    private var overlong = false

    /// The complete messages in `bytes`, in order.
    mutating func feed(_ bytes: some Collection<UInt8>) -> [ControlMessage] {
        var messages: [ControlMessage] = []
        for byte in bytes where byte != Self.filler {
            if byte == 0x0A {
                if !overlong, let message = ControlMessage(line: Substring(String(decoding: pending, as: UTF8.self))) {
                    messages.append(message)
                }
                pending.removeAll(keepingCapacity: true)
                overlong = false
            } else if pending.count < ControlMessage.maxBytes - 1 {
                pending.append(byte)
            } else {
                // Not from ControlClient, which never sends more: a cut-off prefix could be a different message.
                overlong = true
            }
        }
        return messages
    }
}
