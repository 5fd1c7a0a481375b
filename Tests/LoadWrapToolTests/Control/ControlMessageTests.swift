import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

@Suite struct ControlMessageTests {
    /// The wire form of `message` as text.
    func wire(_ message: ControlMessage) -> String {
        String(decoding: message.encoded, as: UTF8.self)
    }

    @Test func encodesEachVerb() {
        #expect(wire(.say("Uploading 3/10")) == "say\tUploading 3/10\n")
        #expect(wire(.done(nil)) == "done\n")
        #expect(wire(.done("Built")) == "done\tBuilt\n")
        #expect(wire(.push(pid: 4242, title: "inner")) == "push\t4242\tinner\n")
        #expect(wire(.push(pid: 4242, parent: 17, title: "inner")) == "pushunder\t4242\t17\tinner\n")
        #expect(wire(.peer(pid: 9, title: "two")) == "peer\t9\ttwo\n")
        #expect(ControlMessage(line: "peer\t9\tt\two") == .peer(pid: 9, title: "t wo"))
        #expect(wire(.pop(pid: 4242)) == "pop\t4242\n")
        #expect(wire(.join(pid: 4242, title: "parse", before: false)) == "join\t4242\tafter\tparse\n")
        #expect(wire(.join(pid: 7, title: "gen", before: true)) == "join\t7\tbefore\tgen\n")
    }

    /// A nested run tells its command line, sanitised where it enters, whole up to the limit.
    @Test func aCommandLineRoundTrips() {
        #expect(wire(.command(pid: 42, line: "make -C 'a b' all")) == "command\t42\tmake -C 'a b' all\n")
        #expect(ControlMessage(line: "command\t42\tmake -C 'a b' all") == .command(pid: 42, line: "make -C 'a b' all"))
        #expect(ControlMessage(line: "command\t42\tsh -c \u{1B}]0;x\u{07}true") == .command(pid: 42, line: "sh -c true"))
        #expect(ControlMessage(line: "command\tx\tmake") == nil)
        #expect(ControlMessage(line: "command\t42") == nil)
    }

    /// A nested run that holds its output says so, and says where its block waits, by its pid
    /// alone: the outer makes the block's path itself, so none comes over the channel.
    @Test func holdAndBlockRoundTrip() {
        #expect(wire(.hold(pid: 4242)) == "hold\t4242\n")
        #expect(wire(.block(pid: 4242)) == "block\t4242\n")
        #expect(ControlMessage(line: "hold\t4242") == .hold(pid: 4242))
        #expect(ControlMessage(line: "block\t4242") == .block(pid: 4242))
        #expect(ControlMessage(line: "block\t../x") == nil)
        #expect(ControlMessage(line: "block\t-1") == nil)
        #expect(ControlMessage(line: "block\t0") == nil)
        #expect(ControlMessage(line: "block") == nil)
    }

    @Test func doneWithTextThatSanitisesToNothingHasNoText() {
        #expect(ControlMessage(line: "done\t\u{1B}[31m\u{07}") == .done(nil))
        #expect(ControlMessage(line: "done\t") == .done(nil))
    }

    @Test func aJoinRoundTripsAndRejectsAnUnknownSide() {
        for message in [ControlMessage.join(pid: 9, title: "a b", before: true), .join(pid: 9, title: "x", before: false)] {
            let line = String(decoding: message.encoded.dropLast(), as: UTF8.self)
            #expect(ControlMessage(line: Substring(line)) == message)
        }
        #expect(ControlMessage(line: "join\t9\tabove\tx") == nil)
        #expect(ControlMessage(line: "join\t9\tafter") == nil)
    }

    @Test func encodingCutsToMaxBytes() {
        let encoded = ControlMessage.say(String(repeating: "x", count: 600)).encoded
        #expect(encoded.count == 512)
        #expect(encoded == Array(("say\t" + String(repeating: "x", count: 507) + "\n").utf8))
    }

    @Test func encodingAtTheLimitIsKeptWhole() {
        let text = String(repeating: "x", count: 507)
        #expect(ControlMessage.say(text).encoded == Array("say\t\(text)\n".utf8))
    }

    @Test func encodingNeverSplitsAUTF8Character() {
        // 507 bytes are left for the text: 253 two-byte "é" fit, the 254th would split.
        let two = ControlMessage.say(String(repeating: "é", count: 300)).encoded
        #expect(two == Array(("say\t" + String(repeating: "é", count: 253) + "\n").utf8))
        #expect(two.count == 511)
        // Four-byte scalars: 126 fit (504 bytes).
        let four = ControlMessage.done(String(repeating: "😀", count: 200)).encoded
        #expect(four == Array(("done\t" + String(repeating: "😀", count: 126) + "\n").utf8))
        #expect(four.count == 510)
    }

    @Test func encodingAHugeTextStaysQuick() {
        let encoded = ControlMessage.say(String(repeating: "€", count: 1 << 20)).encoded
        #expect(encoded == Array(("say\t" + String(repeating: "€", count: 169) + "\n").utf8))
    }

    @Test(arguments: [
        ControlMessage.say("Uploading 3/10"), .say(""), .done(nil), .done("Built"),
        .push(pid: 1, title: "outer › inner"), .push(pid: -5, title: ""), .pop(pid: Int32.max),
        .pop(pid: 7, status: .exited(3)), .pop(pid: 7, status: .exited(0)), .pop(pid: 7, status: .killed(15)),
    ])
    func decodesWhatItEncodes(message: ControlMessage) {
        let line = String(decoding: message.encoded.dropLast(), as: UTF8.self)
        #expect(ControlMessage(line: Substring(line)) == message)
    }

    @Test func decodesGoodLines() {
        #expect(ControlMessage(line: "say\thello world") == .say("hello world"))
        #expect(ControlMessage(line: "done") == .done(nil))
        #expect(ControlMessage(line: "done\tBuilt") == .done("Built"))
        #expect(ControlMessage(line: "push\t12\tinner") == .push(pid: 12, title: "inner"))
        #expect(ControlMessage(line: "pushunder\t12\t5\tin\tner") == .push(pid: 12, parent: 5, title: "in ner"))
        #expect(ControlMessage(line: "pushunder\t12\t0\tinner") == nil)
        #expect(ControlMessage(line: "pushunder\t12\tx\tinner") == nil)
        #expect(ControlMessage(line: "pop\t12") == .pop(pid: 12))
        #expect(ControlMessage(line: "pop\t12\tx3") == .pop(pid: 12, status: .exited(3)))
        #expect(ControlMessage(line: "pop\t12\tk9") == .pop(pid: 12, status: .killed(9)))
    }

    @Test func decodingSanitisesTexts() {
        // A writer other than ControlClient may send anything.
        #expect(ControlMessage(line: "say\t\u{1B}[2Jhi\u{7}") == .say("hi"))
        #expect(ControlMessage(line: "done\t\u{9B}1mok") == .done("ok"))
        #expect(ControlMessage(line: "push\t3\ta\tb") == .push(pid: 3, title: "a b"))
    }

    @Test(arguments: [
        "", "say", "SAY\tx", "hello", "say\ta\tb", "done\ta\tb", "push\t12", "push\tx\ttitle",
        "push\t\ttitle", "pop", "pop\t", "pop\tx", "pop\t12\textra", "pop\t99999999999", " say\tx",
        "pop\t12\tx256", "pop\t12\tx-1", "pop\t12\tk0", "pop\t12\tq3", "pop\t12\tx",
    ])
    func rejectsMalformedLines(line: String) {
        #expect(ControlMessage(line: Substring(line)) == nil)
    }
}

/// A nested run's usual time rides on its pop, after its status.
@Suite struct PopUsualTimeTests {
    @Test func roundTrip() {
        let message = ControlMessage.pop(pid: 12, status: .exited(0), usualMS: 72_000)
        #expect(String(decoding: message.encoded, as: UTF8.self) == "pop\t12\tx0\tu72000\n")
        #expect(ControlMessage(line: "pop\t12\tx0\tu72000") == message)
        #expect(ControlMessage(line: "pop\t12\tk15\tu5") == .pop(pid: 12, status: .killed(15), usualMS: 5))
    }

    @Test(arguments: ["pop\t12\tx0\t72000", "pop\t12\tx0\tu", "pop\t12\tx0\tu-1", "pop\t12\tx0\tux", "pop\t12\tx0\tu1\textra"])
    func malformedIsDropped(_ line: String) {
        #expect(ControlMessage(line: Substring(line)) == nil)
    }
}
