/// SGR (`ESC [ 1 ; 31 m`), the sequence coloured output is made of, read whole from a chunk
/// without the byte-at-a-time parser: a labelled `-c` line carries two, and feeding them a byte
/// at a time, with an array of parameters each, was half the relay's CPU (issue 43).
extension EscapeParser {
    /// Most parameters `wholeSGR` reads; a longer SGR goes to the parser.
    static let mostSGRParameters = 16

    /// The parameters of an SGR that lies whole in `bytes` from `start` (the byte after its ESC),
    /// written to `parameters`: their count and the index after the `m`. Nil for anything else
    /// (another sequence, a private marker, colon sub-parameters, more than `mostSGRParameters`)
    /// and for an SGR the chunk cuts: the parser reads those. The values are `feedCSI`'s: an empty
    /// parameter is 0, values stop at 65535, and `ESC [ m` has none.
    static func wholeSGR(
        in bytes: UnsafeRawBufferPointer, from start: Int, into parameters: UnsafeMutableBufferPointer<Int>
    ) -> (count: Int, next: Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "[") else { return nil }
        var count = 0
        var current: Int?
        var index = start + 1
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                current = min((current ?? 0) * 10 + Int(byte - UInt8(ascii: "0")), 65535)
            case UInt8(ascii: ";"), UInt8(ascii: "m"):
                if byte == UInt8(ascii: "m") && current == nil && count == 0 { return (0, index) }
                guard count < min(parameters.count, mostSGRParameters) else { return nil }
                parameters[count] = current ?? 0
                count += 1
                current = nil
                if byte == UInt8(ascii: "m") { return (count, index) }
            default:
                return nil
            }
        }
        return nil
    }
}
