import LoadWrapTestSupport
import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// What each mode's setup makes of the run's context: plain mode's lines, what passes through
/// loadwrap for them, and what is held.
@Suite struct ModeSetupTests {
    /// The context of a run of `true` in `mode` with `options` changed by `change`, outside any CI.
    func runContext(_ mode: ModeRequest, _ change: (inout Options) -> Void = { _ in }) throws -> RunContext {
        var options = Options(mode: mode, command: ["true"])
        change(&options)
        let environment = ["TERM": "xterm"]
        let pick = ModePick(options, environment: environment, channel: nil)
        return try RunContext(options, pick: pick, environment: environment, clock: ManualClock(startMS: 1_000))
    }

    /// A plain setup of the first attempt.
    func plain(_ context: RunContext) -> PlainSetup {
        PlainSetup(context, attempt: Attempt(number: 1, total: 1), startMS: 1_000)
    }

    @Test func plainLinesAreNeverColouredEvenWhenColourIsAskedFor() throws {
        let context = try runContext(.plain) { $0.color = .always }
        #expect(context.color)
        #expect(!plain(context).text.lines.color)
    }

    @Test func plainLinesShowTheEndLineByDefault() throws {
        #expect(plain(try runContext(.plain)).text.result == .always)
    }

    @Test func aHeartbeatNeedsTheLogsLinesAndNoHeartbeatNeedsNone() throws {
        #expect(plain(try runContext(.plain)).needsLogLines)
        #expect(!plain(try runContext(.plain) { $0.heartbeatMS = 0 }).needsLogLines)
        #expect(plain(try runContext(.plain) { ($0.heartbeatMS, $0.timestamps) = (0, .elapsed) }).needsLogLines)
    }

    @Test func theTailHoldsOnlyWhereTheOverlayDrawsIt() throws {
        #expect(try runContext(.plain) { $0.tailLines = 6 }.held == nil)
        #expect(try runContext(.silent) { $0.tailLines = 6 }.held == nil)
        #expect(try runContext(.plain) { $0.quiet = true }.held != nil)
    }
}
