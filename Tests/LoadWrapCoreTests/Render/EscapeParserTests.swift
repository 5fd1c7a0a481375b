import Testing
@testable import LoadWrapCore

/// Feeds `text` as the scanner does: an ESC outside a sequence starts one, every other byte
/// inside a sequence goes to the parser; bytes outside sequences are dropped. Returns the
/// completed sequences in order.
private func sequences(_ text: String, parser: inout EscapeParser) -> [EscapeParser.Sequence] {
    var found: [EscapeParser.Sequence] = []
    for byte in text.utf8 {
        if !parser.isActive {
            if byte == 0x1B { parser.start() }
            continue
        }
        if let sequence = parser.feed(byte) { found.append(sequence) }
    }
    return found
}

/// `sequences(_:parser:)` with a fresh parser.
private func sequences(_ text: String) -> [EscapeParser.Sequence] {
    var parser = EscapeParser()
    return sequences(text, parser: &parser)
}

/// The byte value of an ASCII character.
private func ascii(_ character: Unicode.Scalar) -> UInt8 { UInt8(ascii: character) }

@Test func idleParserIgnoresBytes() {
    var parser = EscapeParser()
    #expect(!parser.isActive)
    #expect(parser.feed(ascii("m")) == nil)
    #expect(!parser.isActive)
}

@Test func csiWithoutParameters() {
    #expect(sequences("\u{1B}[m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [])])
    #expect(sequences("\u{1B}[H") == [.csi(final: ascii("H"), privateMarker: nil, parameters: [])])
}

@Test func csiParameters() {
    #expect(sequences("\u{1B}[0m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [0])])
    #expect(sequences("\u{1B}[1;31m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [1, 31])])
    #expect(sequences("\u{1B}[38;2;1;2;3m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [38, 2, 1, 2, 3])])
    #expect(sequences("\u{1B}[12;40H") == [.csi(final: ascii("H"), privateMarker: nil, parameters: [12, 40])])
}

@Test func colonSubparametersStayWithTheirParameter() {
    #expect(sequences("\u{1B}[38:5:196m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [38])])
    #expect(sequences("\u{1B}[48:2::255:0:0;1m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [48, 1])])
    #expect(sequences("\u{1B}[4:3m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [4])])
}

@Test func emptyParametersReadAsZero() {
    #expect(sequences("\u{1B}[;5H") == [.csi(final: ascii("H"), privateMarker: nil, parameters: [0, 5])])
    #expect(sequences("\u{1B}[;m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [0, 0])])
    // A trailing separator leaves an empty (default) last parameter: `ESC[31;m` ends in a reset.
    #expect(sequences("\u{1B}[31;m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [31, 0])])
}

@Test func hugeParameterIsClamped() {
    #expect(sequences("\u{1B}[99999999999A") == [.csi(final: ascii("A"), privateMarker: nil, parameters: [65535])])
}

@Test func privateMarker() {
    #expect(sequences("\u{1B}[?1049h") == [.csi(final: ascii("h"), privateMarker: ascii("?"), parameters: [1049])])
    #expect(sequences("\u{1B}[?25;1049l") == [.csi(final: ascii("l"), privateMarker: ascii("?"), parameters: [25, 1049])])
    #expect(sequences("\u{1B}[>4;1m") == [.csi(final: ascii("m"), privateMarker: ascii(">"), parameters: [4, 1])])
}

@Test func privateMarkerDoesNotLeakIntoTheNextSequence() {
    #expect(sequences("\u{1B}[?25l\u{1B}[2A") == [
        .csi(final: ascii("l"), privateMarker: ascii("?"), parameters: [25]),
        .csi(final: ascii("A"), privateMarker: nil, parameters: [2]),
    ])
}

@Test func csiIntermediatesAreSkipped() {
    // DECSCUSR, `CSI 2 SP q`.
    #expect(sequences("\u{1B}[2 q") == [.csi(final: ascii("q"), privateMarker: nil, parameters: [2])])
}

@Test func escInsideCSIRestarts() {
    #expect(sequences("\u{1B}[3\u{1B}[4m") == [.csi(final: ascii("m"), privateMarker: nil, parameters: [4])])
}

@Test func cancelAndSubstituteAbortCSI() {
    for abort in ["\u{18}", "\u{1A}"] {
        var parser = EscapeParser()
        #expect(sequences("\u{1B}[31" + abort, parser: &parser) == [])
        #expect(!parser.isActive)
    }
}

@Test func twoByteEscapes() {
    #expect(sequences("\u{1B}7") == [.escape(final: ascii("7"))])
    #expect(sequences("\u{1B}8") == [.escape(final: ascii("8"))])
    #expect(sequences("\u{1B}M") == [.escape(final: ascii("M"))])
    #expect(sequences("\u{1B}c") == [.escape(final: ascii("c"))])
}

@Test func escapeWithIntermediates() {
    #expect(sequences("\u{1B}(B") == [.escape(final: ascii("B"))])
    #expect(sequences("\u{1B}#8") == [.escape(final: ascii("8"))])
    #expect(sequences("\u{1B}%G") == [.escape(final: ascii("G"))])
}

@Test func escAfterIntermediateRestarts() {
    #expect(sequences("\u{1B}(\u{1B}[2A") == [.csi(final: ascii("A"), privateMarker: nil, parameters: [2])])
}

@Test func oscEndedByBEL() {
    var parser = EscapeParser()
    #expect(sequences("\u{1B}]0;title\u{07}", parser: &parser) == [.string])
    #expect(!parser.isActive)
}

@Test func oscEndedByST() {
    var parser = EscapeParser()
    #expect(sequences("\u{1B}]8;;https://example.org\u{1B}\\", parser: &parser) == [.string])
    #expect(!parser.isActive)
}

@Test func controlStringsOfEveryKind() {
    for introducer in ["]", "P", "_", "^", "X"] {
        var parser = EscapeParser()
        #expect(sequences("\u{1B}" + introducer + "data [31m 7 c\u{1B}\\", parser: &parser) == [.string])
        #expect(!parser.isActive)
    }
}

@Test func controlStringSwallowsWhatLooksLikeSequences() {
    // Inside the string, `[2A` is content, not a cursor movement.
    var parser = EscapeParser()
    #expect(sequences("\u{1B}]0;a[2A\nb", parser: &parser) == [])
    #expect(parser.isActive)
}

@Test func escInsideControlStringEndsItAndStartsANewSequence() {
    // ECMA-48 8.3.143 and the DEC/xterm/VTE parsers: ESC aborts the string; what follows is a new escape.
    #expect(sequences("\u{1B}]0;title\u{1B}[2A") == [.csi(final: ascii("A"), privateMarker: nil, parameters: [2])])
    #expect(sequences("\u{1B}]0;title\u{1B}7") == [.escape(final: ascii("7"))])
    #expect(sequences("\u{1B}]0;title\u{1B}\u{1B}\\") == [.escape(final: ascii("\\"))])
}

@Test func cancelAbortsControlString() {
    for abort in ["\u{18}", "\u{1A}"] {
        var parser = EscapeParser()
        #expect(sequences("\u{1B}]0;title" + abort, parser: &parser) == [])
        #expect(!parser.isActive)
    }
}

@Test func parserStaysActiveBetweenEveryByte() {
    let text = "\u{1B}[?1049h"
    var parser = EscapeParser()
    parser.start()
    var found: [EscapeParser.Sequence] = []
    for byte in text.utf8.dropFirst() {
        #expect(parser.isActive)
        if let sequence = parser.feed(byte) { found.append(sequence) }
    }
    #expect(found == [.csi(final: ascii("h"), privateMarker: ascii("?"), parameters: [1049])])
    #expect(!parser.isActive)
}

@Test func startResetsLeftovers() {
    var parser = EscapeParser()
    parser.start()
    for byte in "[?12;3".utf8 { _ = parser.feed(byte) }
    parser.start()
    var found: EscapeParser.Sequence?
    for byte in "[5m".utf8 { found = parser.feed(byte) ?? found }
    #expect(found == .csi(final: ascii("m"), privateMarker: nil, parameters: [5]))
}
