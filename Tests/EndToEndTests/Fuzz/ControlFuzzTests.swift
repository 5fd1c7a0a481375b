import Foundation
import LoadWrapTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Random bytes into the control FIFO of a running loadwrap (`ControlPayloadGenerator`): loadwrap
/// keeps running, the command ends normally and its output shows, and no escape sequence or
/// control byte of the payload reaches the terminal; only loadwrap's own spinner sequences do.
@Suite struct ControlFuzzTests {
    /// Eight loadwraps side by side per test case (each runs for about a second), one case after another.
    static let batches = FuzzSettings.batches(defaultCount: 16, batchSize: 8)

    /// Every escape sequence loadwrap itself writes in overlay mode (spinner, erase, end line).
    static let ownSequences: [[UInt8]] = ["[?25l", "[?25h", "[?7l", "[?7h", "[K", "[C", "[J", "[36m", "[39m", "[2m", "[22m", "[32m✔", "[31m✖"].map {
        [0x1B] + Array($0.utf8)
    }

    @Test("random bytes into the control channel: nothing unsanitised reaches the terminal", .serialized, arguments: batches)
    func randomBytesIntoTheControlChannel(_ batch: SeedBatch) throws {
        let dir = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var sessions: [(seed: UInt64, session: PtySession, pathFile: String)] = []
        defer { for entry in sessions { entry.session.terminate() } }
        for seed in batch.seeds {
            let pathFile = "\(dir)/fifo-\(seed)"
            let script = #"printf '%s' "$LOADWRAP_CONTROL" > '\#(pathFile)'; sleep 1; echo done"#
            sessions.append((seed, try PtySession(Loadwrap.command(["--delay", "0", "--", "/bin/sh", "-c", script])), pathFile))
        }
        for (seed, _, pathFile) in sessions {
            let context = "reproduce: FUZZ_SEED=\(seed) FUZZ_COUNT=1 swift test --filter ControlFuzzTests"
            guard Poll.until(timeout: 10, { !((try? String(contentsOfFile: pathFile, encoding: .utf8)) ?? "").isEmpty }),
                let fifo = try? String(contentsOfFile: pathFile, encoding: .utf8)
            else {
                Issue.record("the command never wrote LOADWRAP_CONTROL\n\(context)")
                continue
            }
            #expect(Self.write(ControlPayloadGenerator.bytes(seed: seed), toFIFO: fifo), "the FIFO did not take the payload\n\(context)")
        }
        for (seed, session, _) in sessions {
            let context = "reproduce: FUZZ_SEED=\(seed) FUZZ_COUNT=1 swift test --filter ControlFuzzTests"
            #expect(session.waitForExit() == .exited(0), "\(context)")
            let output = session.output
            let lines = Loadwrap.screen(output).snapshot.trimmedText.split(separator: "\n")
            #expect(lines.contains("done"), "the command's output is missing\n\(context)\n\(Loadwrap.text(output).debugDescription)")
            if let foreign = Self.foreignControl(in: output) {
                Issue.record("payload bytes reached the terminal unsanitised: \(foreign)\n\(context)")
            }
        }
    }

    /// A description of the first escape sequence not of loadwrap's own, BEL or C1 control in
    /// `output`, or nil when there is none.
    static func foreignControl(in output: [UInt8]) -> String? {
        let text = String(decoding: output, as: UTF8.self)
        if let c1 = text.unicodeScalars.first(where: { (0x80...0x9F).contains($0.value) || $0.value == 0x07 }) {
            return "control U+\(String(c1.value, radix: 16)) in \(text.debugDescription)"
        }
        var index = 0
        while let escape = output[index...].firstIndex(of: 0x1B) {
            guard let own = ownSequences.first(where: { output[escape...].starts(with: $0) }) else {
                let around = output[escape..<min(escape + 24, output.count)]
                return "\(String(decoding: around, as: UTF8.self).debugDescription) in \(text.debugDescription)"
            }
            index = escape + own.count
        }
        return nil
    }

    /// Writes `bytes` into the FIFO at `path` without blocking; false if loadwrap stopped reading.
    static func write(_ bytes: [UInt8], toFIFO path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var offset = 0
        var failed = false
        // A full FIFO tells its writer nothing when read: try again every 2 ms.
        let written = Poll.until(every: 0.002) {
            let n = bytes[offset...].withUnsafeBytes { writeBytes(fd, $0) }
            if n > 0 {
                offset += n
            } else if !(n < 0 && (errno == EAGAIN || errno == EINTR)) {
                failed = true
            }
            return failed || offset == bytes.count
        }
        return written && !failed
    }
}

/// write(2), named apart from the static `write(_:toFIFO:)` so the C function is found on Linux and Darwin alike.
private func writeBytes(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int { write(fd, bytes.baseAddress, bytes.count) }
