import Testing

/// Each CI service's own group markers around the command's output, from its own variable, and a
/// title that cannot forge any of its commands (checked byte for byte). GitHub Actions and GitLab
/// CI are in `PlainModeTests`.
@Suite struct CIGroupTests {
    /// Everything the services read as markup, in one title: each CI's command prefixes (one
    /// with an invisible word joiner inside, which the agents' culture-aware search skips), a line
    /// break, GitHub's `::` and `%`, TeamCity's `|`, `'` and `]`.
    private static let title = "b ##vso[task.complete result=Failed]x ##teamcity[buildStop] |'] ::error::y 100% ##[error]z"
        + "\n::warning::w #\u{2060}#vso[task.setvariable variable=v]1"

    /// The title as every CI's log shows it: the line break a space, each prefix broken by a
    /// visible space before its `[`.
    private static let shown = "b ##vso [task.complete result=Failed]x ##teamcity [buildStop] |'] ::error::y 100% ## [error]z"
        + " ::warning::w #\u{2060}#vso [task.setvariable variable=v]1"

    private static func run(_ environment: [String: String?], exit code: Int32) throws -> [String] {
        let run = try PtySession.run(
            Loadwrap.command(["--title", title, "--", "sh", "-c", "echo out; echo err >&2; exit \(code)"]),
            environment: environment)
        #expect(run.termination == .exited(code))
        #expect(!run.output.contains(0x1B))
        return Loadwrap.maskedLines(run.output)
    }

    /// Buildkite has no end marker: the end line closes the collapsed group, which a failure expands.
    @Test func buildkite() throws {
        let shown = Self.shown
        #expect(try Self.run(["BUILDKITE": "true"], exit: 0) == ["--- ▸ \(shown)", "out", "err", "✔ \(shown) · T"])
        #expect(try Self.run(["BUILDKITE": "true"], exit: 2)
            == ["--- ▸ \(shown)", "out", "err", "^^^ +++", "✖ \(shown) · exit 2 · T"])
    }

    /// The agent runs `##vso[` anywhere in a line: in every line of loadwrap's it is broken.
    @Test func azurePipelines() throws {
        let shown = Self.shown
        #expect(try Self.run(["TF_BUILD": "True"], exit: 2) == [
            "##[group]▸ \(shown)", "out", "err", "##[endgroup]", "✖ \(shown) · exit 2 · T",
            "##vso[task.logissue type=error]✖ \(shown.replacing("100%", with: "100%AZP25")) · exit 2 · T",
        ])
    }

    /// A failed run is annotated on GitHub's summary page, unless `--no-annotate`; a success is not.
    @Test func githubAnnotatesAFailure() throws {
        let shown = Self.shown.replacing("100%", with: "100%25")
        let lines = try Self.run(["GITHUB_ACTIONS": "true"], exit: 3)
        #expect(lines == [
            "::group::▸ \(shown)", "out", "err", "::endgroup::", "✖ \(Self.shown) · exit 3 · T",
            "::error title=loadwrap::✖ \(shown) · exit 3 · T",
        ])
        #expect(try Self.run(["GITHUB_ACTIONS": "true"], exit: 0).allSatisfy { !$0.hasPrefix("::error") })
        let quiet = try PtySession.run(Loadwrap.command(["--no-annotate", "--", "false"]), environment: ["GITHUB_ACTIONS": "true"])
        #expect(Loadwrap.maskedLines(quiet.output).allSatisfy { !$0.hasPrefix("::error") })
    }

    /// The block's name is escaped TeamCity's way; the end line's `##teamcity[` is broken.
    @Test func teamCity() throws {
        let shown = Self.shown
        let name = "▸ b ##vso |[task.complete result=Failed|]x ##teamcity |[buildStop|] |||'|] ::error::y 100% ## |[error|]z"
            + " ::warning::w #\u{2060}#vso |[task.setvariable variable=v|]1"
        #expect(try Self.run(["TEAMCITY_VERSION": "2025.11"], exit: 0) == [
            "##teamcity[blockOpened name='\(name)']", "out", "err", "##teamcity[blockClosed name='\(name)']",
            "✔ \(shown) · T",
        ])
    }

    /// GitLab's section header is the start line, broken like every other; its name is loadwrap's own.
    @Test func gitLab() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--title", Self.title, "--", "sh", "-c", "echo out; exit 2"]), environment: ["GITLAB_CI": "true"])
        #expect(run.termination == .exited(2))
        let lines = Loadwrap.maskedLines(run.output).map { $0.replacing(/:\d+:loadwrap_\d+/, with: ":N:NAME") }
        #expect(lines == [
            "\u{1B}[0Ksection_start:N:NAME[collapsed=true]\r\u{1B}[0K▸ \(Self.shown)", "out",
            "\u{1B}[0Ksection_end:N:NAME\r\u{1B}[0K", "✖ \(Self.shown) · exit 2 · T",
        ])
    }

    /// A log can reach a CI loadwrap does not see (a container started by a step inherits none of
    /// its variables): plain mode breaks every CI's prefixes whatever was detected.
    @Test(arguments: [["CI": "true"], ["GITLAB_CI": "true"], ["BUILDKITE": "true"]] as [[String: String?]])
    func everyPlainLogBreaksEveryPrefix(_ environment: [String: String?]) throws {
        let run = try PtySession.run(
            Loadwrap.command(["--no-group", "--title", Self.title, "--", "sh", "-c", "exit 2"]), environment: environment)
        #expect(run.termination == .exited(2))
        #expect(Loadwrap.maskedLines(run.output) == ["▸ \(Self.shown)", "✖ \(Self.shown) · exit 2 · T"])
    }

    @Test func noGroupLeavesTheLinesButStillBreaksCommands() throws {
        let run = try PtySession.run(
            Loadwrap.command(["--no-group", "--title", "##vso[x]", "--", "true"]), environment: ["TF_BUILD": "True"])
        #expect(Loadwrap.maskedLines(run.output) == ["▸ ##vso [x]", "✔ ##vso [x] · T"])
    }
}
