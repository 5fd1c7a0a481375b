import Testing

import LoadWrapTestSupport
@testable import LoadWrapCore
@testable import LoadWrapKit
@testable import LoadWrapProcess
@testable import LoadWrapRuns
@testable import LoadWrapTool
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Plain mode's own lines in the log: heartbeats after a silence, on a line of their own, and
/// held output (`--quiet`), driven through the log pipe with a manual clock.
@Suite struct PlainPresenterTests {
    /// A log pipe relayed to a plain presenter writing to a fresh destination pipe, with a manual
    /// clock standing at 1000 ms. Heartbeat lines are ASCII: `... t - still running - 5.0s`.
    final class Rig {
        let clock = ManualClock(startMS: 1_000)
        let presenter: PlainPresenter
        let relay: PipeRelay
        /// The end of the destination pipe the test reads (non-blocking).
        private let logRead: Int32
        private let logWrite: Int32

        /// `heartbeatMS` nil for no heartbeat, timed from 1000 ms.
        init(quiet: Bool = false, heartbeatMS: Int? = nil) throws {
            var fds: [Int32] = [0, 0]
            #expect(pipe(&fds) == 0)
            logRead = fds[0]
            logWrite = fds[1]
            _ = fcntl(logRead, F_SETFL, fcntl(logRead, F_GETFL) | O_NONBLOCK)
            let text = ReportText(lines: ReportLines(utf8: false, color: false), result: .always, title: "t")
            presenter = PlainPresenter(
                text: text, timing: .init(clock: clock, startMS: 1_000, heartbeatMS: heartbeatMS),
                held: quiet ? HeldOutput(directory: "/tmp") : nil, destination: logWrite)
            relay = try PipeRelay(sink: presenter)
        }

        deinit {
            close(logRead)
            close(logWrite)
        }

        /// The command writes `text`, and the event loop relays it.
        func command(writes text: String) {
            #expect(FileDescriptorIO.writeAll(relay.writeEnd, text))
            relay.relayAvailable(maxReads: 8)
        }

        /// What reached the log since the last call.
        func log() -> String {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let n = buffer.withUnsafeMutableBytes { read(logRead, $0.baseAddress, $0.count) }
                guard n > 0 else { break }
                bytes += buffer[0..<n]
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Milliseconds until the presenter's next heartbeat, or nil.
        var waitMS: Int? { presenter.deadlineMS.map { max(0, $0 - clock.nowMS()) } }

        /// Moves the clock and lets the event loop act on it, as after a poll timeout.
        func advance(by ms: Int) {
            clock.advance(by: ms)
            presenter.tick()
        }
    }

    /// The heartbeat line after `ms` since the start.
    static func beat(_ ms: Int) -> String {
        ReportLines(utf8: false, color: false).heartbeat("t", elapsedMS: ms)
    }

    @Test func outputPassesThroughUntouched() throws {
        let rig = try Rig()
        rig.command(writes: "compiling a.c\n\u{1B}[31mwarning\u{1B}[0m\n")
        #expect(rig.log() == "compiling a.c\n\u{1B}[31mwarning\u{1B}[0m\n")
    }

    @Test func withoutHeartbeatNothingIsTimed() throws {
        let rig = try Rig()
        #expect(rig.waitMS == nil)
        rig.advance(by: 3_600_000)
        #expect(rig.log() == "")
    }

    @Test func heartbeatIsDueAfterTheIntervalOfSilence() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        #expect(rig.waitMS == 5_000)
        rig.advance(by: 4_999)
        #expect(rig.log() == "")
        #expect(rig.waitMS == 1)
        rig.advance(by: 1)
        #expect(rig.log() == Self.beat(5_000))
        #expect(rig.waitMS == 5_000)
    }

    @Test func heartbeatRepeatsAfterEachFurtherSilence() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.advance(by: 5_000)
        rig.advance(by: 4_000)
        #expect(rig.log() == Self.beat(5_000))
        rig.advance(by: 1_000)
        #expect(rig.log() == Self.beat(10_000))
        rig.advance(by: 5_000)
        #expect(rig.log() == Self.beat(15_000))
    }

    @Test func aLateTickSaysTheRealElapsedTimeOnce() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.advance(by: 12_345)
        #expect(rig.log() == Self.beat(12_345))
        #expect(rig.waitMS == 5_000)
    }

    @Test func theWaitIsNeverNegative() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.clock.advance(by: 7_000)
        #expect(rig.waitMS == 0)
    }

    @Test func outputCountsAsActivity() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.clock.advance(by: 3_000)
        rig.command(writes: "step 1\n")
        #expect(rig.waitMS == 5_000)
        rig.advance(by: 4_000)
        #expect(rig.log() == "step 1\n")
        rig.advance(by: 1_000)
        #expect(rig.log() == Self.beat(8_000))
    }

    @Test func noHeartbeatWhileTheCommandTalks() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        for step in 1...10 {
            rig.clock.advance(by: 4_000)
            rig.command(writes: "step \(step)\n")
            rig.presenter.tick()
        }
        #expect(rig.log() == (1...10).map { "step \($0)\n" }.joined())
    }

    @Test func heartbeatAfterAPartialLineStartsItsOwnLine() throws {
        let rig = try Rig(heartbeatMS: 5_000)
        rig.command(writes: "downloading... 50%")
        rig.advance(by: 5_000)
        #expect(rig.log() == "downloading... 50%\n" + Self.beat(5_000))
        rig.advance(by: 5_000)
        #expect(rig.log() == Self.beat(10_000))
        rig.command(writes: "100%\r")
        rig.advance(by: 5_000)
        #expect(rig.log() == "100%\r\n" + Self.beat(15_000))
    }

    @Test func quietHoldsInsteadOfPassingAndShowsItOnFailure() throws {
        let rig = try Rig(quiet: true)
        rig.command(writes: "out 1\n")
        rig.command(writes: "err 2")
        #expect(rig.log() == "")
        rig.presenter.finished(.ended(.exited(1)), elapsedMS: 1_200, afterEarlyStop: false)
        #expect(rig.log() == "out 1\nerr 2\nFAIL t - exit 1 - 1.2s\n")
    }

    @Test func quietShowsNothingOfTheCommandOnSuccess() throws {
        let rig = try Rig(quiet: true)
        rig.command(writes: "out 1\n")
        rig.presenter.finished(.ended(.exited(0)), elapsedMS: 1_200, afterEarlyStop: false)
        #expect(rig.log() == "OK t - 1.2s\n")
    }

    @Test func heldOutputIsNotActivityInTheLog() throws {
        let rig = try Rig(quiet: true, heartbeatMS: 5_000)
        rig.clock.advance(by: 3_000)
        rig.command(writes: "partial, held")
        rig.advance(by: 2_000)
        #expect(rig.log() == Self.beat(5_000))
    }

    @Test func everyOwnLineAfterAPartialLineStartsALineOfItsOwn() throws {
        let rig = try Rig()
        rig.command(writes: "ready")
        rig.presenter.stoppedEarly(.matched, elapsedMS: 300)
        rig.command(writes: "more")
        rig.presenter.titleChanged("u")
        rig.command(writes: "last")
        rig.presenter.finished(.ended(.exited(1)), elapsedMS: 1_000, afterEarlyStop: true)
        #expect(rig.log() == "ready\nOK t - ready in 0.3s\nmore\n> u\nlast\nFAIL t - exit 1 - 1.0s\n")
    }
}

/// Plain mode's progress lines: one per tenth reached, and in place of the heartbeat's words.
@Suite struct PlainPresenterProgressTests {
    @Test func aLineOnlyWhenAnotherTenthIsReached() throws {
        let rig = try PlainPresenterTests.Rig()
        for percent in stride(from: 0.0, through: 100, by: 2.5) {
            rig.presenter.progressChanged(LoadProgress(percent: percent))
        }
        let lines = rig.log().split(separator: "\n")
        #expect(lines.count == 10)
        #expect(lines.first == "... t - 10% - 0.0s")
        #expect(lines.last == "... t - 100% - 0.0s")
    }

    @Test func goingBackBelowATenthIsSaidOnce() throws {
        let rig = try PlainPresenterTests.Rig()
        rig.presenter.progressChanged(LoadProgress(percent: 35))
        rig.presenter.progressChanged(LoadProgress(percent: 5))
        rig.presenter.progressChanged(LoadProgress(percent: 6))
        #expect(rig.log() == "... t - 35% - 0.0s\n... t - 5% - 0.0s\n")
    }

    @Test func theHeartbeatSaysTheProgress() throws {
        let rig = try PlainPresenterTests.Rig(heartbeatMS: 5_000)
        rig.presenter.progressChanged(LoadProgress(done: 3, total: 40))
        rig.advance(by: 5_000)
        #expect(rig.log() == "... t - 3/40 - 5.0s\n")
        rig.presenter.progressChanged(nil)
        rig.advance(by: 5_000)
        #expect(rig.log() == PlainPresenterTests.beat(10_000))
    }

    @Test func aProgressLineAfterAPartialLineStartsALineOfItsOwn() throws {
        let rig = try PlainPresenterTests.Rig()
        rig.command(writes: "\r 40%")
        rig.presenter.progressChanged(LoadProgress(percent: 40))
        #expect(rig.log() == "\r 40%\n... t - 40% - 0.0s\n")
    }
}

@Suite struct PlainPresenterNestedTitleTests {
    @Test func afterANestedRunEndsLinesNameTheRunAgain() throws {
        let rig = try PlainPresenterTests.Rig()
        rig.presenter.titleChanged("t › inner")
        rig.presenter.titleRestored("t")
        rig.presenter.progressChanged(LoadProgress(percent: 50))
        #expect(rig.log() == "> t › inner\n... t - 50% - 0.0s\n")
    }
}
