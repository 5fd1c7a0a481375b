import Testing

/// `--timestamps` in plain mode: the command's lines and loadwrap's own are stamped as they
/// begin; a group's markers still start their lines; overlay mode ignores it.
@Suite struct TimestampTests {
    private static let talker = ["--", "sh", "-c", "echo out; printf '10%%\\r20%%\\n'; printf partial; echo err >&2; exit 2"]

    /// The output's lines with every elapsed stamp as `[S] ` and every duration as `T`.
    private static func masked(_ run: PtyRun) -> [String] {
        Loadwrap.maskedLines(run.output).map { $0.replacing(#/\[ *\d+\.\d{3}s\] /#, with: "[S] ") }
    }

    @Test func linesAreStampedAndMarkersStartTheirLines() throws {
        let run = try PtySession.run(Loadwrap.command(["--timestamps", "--title", "t"] + Self.talker),
                                     environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.termination == .exited(2))
        #expect(Self.masked(run) == [
            "::group::▸ t", "[S] out", "[S] 10%\r[S] 20%", "[S] partialerr", "::endgroup::", "[S] ✖ t · exit 2 · T",
            "::error title=loadwrap::✖ t · exit 2 · T",
        ])
    }

    @Test func utcStamps() throws {
        let run = try PtySession.run(Loadwrap.command(["--timestamps=utc", "--title", "t", "--", "echo", "out"]),
                                     environment: ["CI": "true"])
        let lines = Loadwrap.lines(run.output)
        #expect(lines.count == 3 && lines.allSatisfy { $0.firstMatch(of: #/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z /#) != nil },
                "\(lines)")
    }

    @Test func overlayModeIgnoresIt() throws {
        let run = try PtySession.run(Loadwrap.command(["--timestamps", "--", "echo", "out"]))
        #expect(run.termination == .exited(0))
        #expect(!Loadwrap.text(run.output).contains("s] "))
    }

    @Test func aBadStyleIsAUsageError() throws {
        let run = try PtySession.run(Loadwrap.command(["--timestamps=local", "--", "true"]))
        #expect(run.termination == .exited(125))
    }
}
