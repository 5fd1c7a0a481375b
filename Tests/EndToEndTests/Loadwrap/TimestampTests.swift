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

    /// A retry's lines count from loadwrap's start, not the attempt's: the second attempt starts
    /// after the first and the 300 ms delay, and its stamps say so.
    @Test func elapsedStampsCountAcrossAttempts() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--timestamps", "--retry", "1", "--retry-delay", "300ms", "--title", "t", "--", "sh", "-c",
                              "echo run; exit 1"]),
            environment: ["CI": "true"])
        #expect(run.termination == .exited(1))
        let stamps = Loadwrap.lines(run.output).compactMap { line in
            line.firstMatch(of: /^\[ *(\d+\.\d{3})s\] (.*)$/).map { (Double($0.1)!, String($0.2)) }
        }
        #expect(stamps.map { Loadwrap.masked($0.1).replacing(#/ · \d+\.\ds · /#, with: " · T · ") } == [
            "▸ t", "run", "✖ t · exit 1 · T · retrying in 300ms (2/2)", "▸ t (attempt 2/2)", "run", "✖ t (attempt 2/2) · exit 1 · T",
        ])
        #expect(stamps.map(\.0) == stamps.map(\.0).sorted(), "stamps went back: \(stamps)")
        #expect(stamps.dropFirst(3).allSatisfy { $0.0 >= 0.3 }, "the second attempt's stamps restarted: \(stamps)")
    }

    /// Inside a group: the marker starts its line unstamped, the command's `\r` states and a
    /// partial line each get a stamp as they begin, and loadwrap's own line after the partial one
    /// starts a line of its own.
    @Test func carriageReturnsAndPartialLinesInAGroup() throws {
        let script = "printf 'a\\rb\\n'; printf 'half'; sleep 0.2; printf ' more\\npartial'"
        let run = try PtySession.run(Loadwrap.command(["--timestamps", "--title", "t", "--", "sh", "-c", script]),
                                     environment: ["TF_BUILD": "True"])
        #expect(run.termination == .exited(0))
        #expect(Self.masked(run) == [
            "##[group]▸ t", "[S] a\r[S] b", "[S] half more", "[S] partial", "##[endgroup]", "[S] ✔ t · T",
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
