import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@testable import LoadWrapJobs
@testable import LoadWrapProcess

/// The handover of a command's terminal between the runner (`TerminalSender`) and the loadwrap
/// that labels the lines (`JobTerminals`), over a real socket pair and pseudo-terminal, in one
/// process: the terminal is read, labelled, and closed once read to its end, so only the channel
/// is left to watch; where the kernel empties a terminal on its last secondary's close (Darwin's
/// traits), it is read to its end only when the runner says the command ended.
@Suite struct JobTerminalsTests {
    /// The outer's side, open and sized, collecting what it hands on, with a sender over a copy
    /// of the runner's end.
    private func handover(traits: Platform.Traits) throws -> (JobTerminals, TerminalSender, Collected) {
        let terminals = JobTerminals(names: ["a", "bb"], color: false)
        try terminals.open(size: (rows: 24, columns: 80))
        let collected = Collected()
        terminals.sink = collected
        let sender = TerminalSender(channel: dup(terminals.channel), names: ["a", "bb"])
        terminals.commandStarted(traits: traits)
        return (terminals, sender, collected)
    }

    /// Turns a loop over `terminals` until `condition` holds, for at most 20 s.
    private func turn(_ terminals: JobTerminals, until condition: () -> Bool) throws -> Bool {
        let loop = EventLoop(sources: [terminals])
        let clock = MonotonicClock()
        let deadline = clock.nowMS() + 20_000
        while !condition() && clock.nowMS() < deadline { try loop.turn(untilMS: min(deadline, clock.nowMS() + 100), clock: clock) }
        return condition()
    }

    /// The descriptors the loop watches.
    private func watched(_ terminals: JobTerminals) -> Int {
        var list: [PollInterest] = []
        terminals.interests(into: &list)
        return list.count
    }

    /// Writes `text` to `secondary` with no output processing, so the bytes read are these.
    private func put(_ text: String, to secondary: Int32) {
        var modes = termios()
        tcgetattr(secondary, &modes)
        modes.c_oflag &= ~tcflag_t(OPOST)
        tcsetattr(secondary, TCSANOW, &modes)
        _ = Array(text.utf8).withUnsafeBytes { write(secondary, $0.baseAddress, $0.count) }
    }

    @Test func aTerminalIsLabelledSizedAndClosedOnceReadToItsEnd() throws {
        let (terminals, sender, collected) = try handover(traits: .linux)
        let secondary = try #require(try sender.open(for: 1))
        #expect(try turn(terminals) { watched(terminals) == 2 }, "the terminal never arrived")
        let size = try #require(TerminalDevice(fd: secondary)?.size)
        #expect(size == (rows: 24, columns: 75), "narrower by `bb | `")
        put("one\ntwo", to: secondary)
        close(secondary)
        #expect(try turn(terminals) { watched(terminals) == 1 }, "the terminal was not closed at its end")
        #expect(String(decoding: collected.bytes, as: UTF8.self) == "bb | one\nbb | two\r\n")
        terminals.drain()
        #expect(watched(terminals) == 0)
    }

    @Test func whereTheKernelEmptiesATerminalItIsReadWhenTheCommandEnded() throws {
        let (terminals, sender, collected) = try handover(traits: .darwin)
        let secondary = try #require(try sender.open(for: 0))
        put("kept\n", to: secondary)
        close(secondary)
        #expect(try turn(terminals) { !collected.bytes.isEmpty }, "the terminal never arrived")
        #expect(watched(terminals) == 2, "closed before the command's end was told")
        sender.ended(0)
        #expect(try turn(terminals) { watched(terminals) == 1 }, "not closed after the command's end")
        #expect(String(decoding: collected.bytes, as: UTF8.self) == "a  | kept\n")
        terminals.drain()
    }
}

/// An output sink that keeps what it is given.
private final class Collected: OutputSink {
    /// Everything so far.
    var bytes: [UInt8] = []

    func output(_ chunk: UnsafeRawBufferPointer) -> Bool {
        bytes += chunk
        return true
    }
}
