/// A byte-at-a-time parser for the escape sequence that follows an ESC, after ECMA-48:
/// CSI (`ESC [`), control strings (OSC, DCS, APC, PM, SOS, ended by BEL or `ESC \`) and
/// two-byte escapes (with optional intermediates, e.g. `ESC ( B`).
struct EscapeParser {
    /// A complete sequence.
    enum Sequence: Equatable {
        /// `ESC [ marker? params final`; `marker` is a private prefix such as `?`.
        case csi(final: UInt8, privateMarker: UInt8?, parameters: [Int])
        /// `ESC final`, intermediates dropped.
        case escape(final: UInt8)
        /// A control string (OSC, DCS, …); its content is not kept.
        case string
    }

    private enum State {
        case idle, escape, intermediate, csi, string, stringEscape
    }

    private var state = State.idle
    private var privateMarker: UInt8?
    private var parameters: [Int] = []
    private var current: Int?
    /// True after a `:` until the next `;`: digits there are sub-parameters.
    private var inSubParameters = false

    /// True while inside a sequence.
    var isActive: Bool { state != .idle }

    /// Begins a sequence; the ESC itself has been consumed.
    mutating func start() {
        state = .escape
        privateMarker = nil
        parameters.removeAll(keepingCapacity: true)
        current = nil
        inSubParameters = false
    }

    /// Consumes one byte; returns the sequence when this byte completes it.
    mutating func feed(_ byte: UInt8) -> Sequence? {
        switch state {
        case .idle: return nil
        case .escape: return feedAfterEscape(byte)
        case .intermediate:
            if (0x20...0x2F).contains(byte) { return nil }
            if byte == 0x1B { start(); return nil }
            state = .idle
            return .escape(final: byte)
        case .csi: return feedCSI(byte)
        case .string:
            if byte == 0x07 { state = .idle; return .string }
            if byte == 0x1B { state = .stringEscape }
            // CAN and SUB abort a control string as they abort any sequence.
            if byte == 0x18 || byte == 0x1A { state = .idle }
            return nil
        case .stringEscape:
            if byte == UInt8(ascii: "\\") { state = .idle; return .string }
            // An ESC not followed by `\` ends the string and begins a new sequence, as in the
            // DEC/xterm/VTE parsers; swallowing on would hide the command's text and moves.
            start()
            return feedAfterEscape(byte)
        }
    }

    /// Handles the byte right after ESC.
    private mutating func feedAfterEscape(_ byte: UInt8) -> Sequence? {
        switch byte {
        case UInt8(ascii: "["): state = .csi
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "_"), UInt8(ascii: "^"), UInt8(ascii: "X"):
            state = .string
        case 0x20...0x2F: state = .intermediate
        case 0x1B: state = .escape
        default:
            state = .idle
            return .escape(final: byte)
        }
        return nil
    }

    /// Collects CSI parameters until the final byte.
    private mutating func feedCSI(_ byte: UInt8) -> Sequence? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            guard !inSubParameters else { break }
            let digit = Int(byte - UInt8(ascii: "0"))
            current = min((current ?? 0) * 10 + digit, 65535)
        case UInt8(ascii: ":"):
            // Colon sub-parameters (`38:2::255:0:0`, `4:3`) belong to the parameter before them;
            // they are dropped, so they can never be read as parameters of their own (a stray 0
            // would read as "reset"). What they refine stays: 38 is still a foreground colour.
            if !inSubParameters { parameters.append(current ?? 0) }
            current = nil
            inSubParameters = true
        case UInt8(ascii: ";"):
            if !inSubParameters { parameters.append(current ?? 0) }
            current = nil
            inSubParameters = false
        case 0x3C...0x3F:
            privateMarker = byte
        case 0x20...0x2F:
            break
        case 0x40...0x7E:
            // A trailing separator leaves one more, empty, parameter: `ESC[31;m` is `31;0`.
            if let value = current { parameters.append(value) } else if !parameters.isEmpty && !inSubParameters { parameters.append(0) }
            state = .idle
            return .csi(final: byte, privateMarker: privateMarker, parameters: parameters)
        default:
            // A C0 control inside a CSI is executed by terminals; ESC restarts, CAN/SUB cancel.
            if byte == 0x1B { start() } else if byte == 0x18 || byte == 0x1A { state = .idle }
        }
        return nil
    }
}
