import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// The lines around a sibling's held block, byte for byte.
@Suite struct BlockFrameTests {
    private static func frame(_ group: LogGroup?, title: String = "step b", utf8: Bool = true) -> BlockFrame {
        BlockFrame(text: ReportText(lines: ReportLines(utf8: utf8, color: false), result: .always, title: title), group: group)
    }

    /// Where the CI's groups do not nest (or there is none), the block is its start and end lines.
    @Test(arguments: [nil, LogGroup.github, .buildkite, .azure])
    func startAndEndLinesWhereGroupsDoNotNest(group: LogGroup?) {
        let frame = Self.frame(group)
        #expect(frame.header(unixTime: 1_700_000_000) == "▸ step b\n")
        #expect(frame.footer(.ended(.exited(0)), elapsedMS: 2_100, unixTime: 1_700_000_002) == "✔ step b · 2.1s\n")
        #expect(frame.footer(.ended(.exited(2)), elapsedMS: 400, unixTime: 1_700_000_002) == "✖ step b · exit 2 · 0.4s\n")
    }

    /// A run that streamed from its start gets the end line alone: it opened no group.
    @Test func theEndLineAlone() {
        let frame = Self.frame(.gitlab(name: "loadwrap_42"))
        #expect(frame.endLine(.ended(.exited(0)), elapsedMS: 2_100) == "✔ step b · 2.1s\n")
    }

    @Test func gitLabSectionNamedByTheRun() {
        let frame = Self.frame(.gitlab(name: "loadwrap_42"))
        #expect(frame.header(unixTime: 1_700_000_000)
            == "\u{1B}[0Ksection_start:1700000000:loadwrap_42[collapsed=true]\r\u{1B}[0K▸ step b\n")
        #expect(frame.footer(.ended(.exited(2)), elapsedMS: 400, unixTime: 1_700_000_002)
            == "\u{1B}[0Ksection_end:1700000002:loadwrap_42\r\u{1B}[0K\n✖ step b · exit 2 · 0.4s\n")
    }

    @Test func teamCityBlock() {
        let frame = Self.frame(.teamcity, utf8: false)
        #expect(frame.header(unixTime: 0) == "##teamcity[blockOpened name='> step b']\n")
        #expect(frame.footer(.ended(.exited(0)), elapsedMS: 2_100, unixTime: 0)
            == "##teamcity[blockClosed name='> step b']\nOK step b - 2.1s\n")
    }

    /// A title cannot forge a CI command in any line of the frame.
    @Test func aTitleCannotForgeACommand() {
        let frame = Self.frame(nil, title: "x ##[error]y ##vso[task.complete]z")
        #expect(frame.header(unixTime: 0) == "▸ x ## [error]y ##vso [task.complete]z\n")
        #expect(frame.footer(.ended(.exited(1)), elapsedMS: 0, unixTime: 0)
            == "✖ x ## [error]y ##vso [task.complete]z · exit 1 · 0.0s\n")
    }
}
