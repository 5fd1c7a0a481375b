import Foundation
import LoadWrapTestSupport
import Testing

/// In every CI's log, a nested step's end line is there (issue 44): the step that ran alone, and
/// the step nested in a step, whose line the outermost loadwrap writes from its run tree.
@Suite struct NestedStepEndTests {
    /// Every CI loadwrap knows (`CIService`), and a CI it only detects by `CI`.
    static let services: [[String: String?]] = [
        ["GITHUB_ACTIONS": "true"], ["GITLAB_CI": "true"], ["BUILDKITE": "true"], ["TF_BUILD": "True"],
        ["TEAMCITY_VERSION": "2025.11"], ["CI": "true"],
    ]

    /// `build` runs `test` alone, which fails, and `outer2`, which runs `inner` failing.
    private static func run(_ environment: [String: String?]) throws -> [String] {
        let loadwrap = TestEnvironment.loadwrap
        let script = "\(loadwrap) -t test -- sh -c 'echo t; exit 3';"
            + " \(loadwrap) -t outer2 -- \(loadwrap) -t inner -- sh -c 'echo i; exit 4'"
        let run = try PtySession.run(Loadwrap.command(["-t", "build", "--", "sh", "-c", script]), environment: environment)
        #expect(run.termination == .exited(4))
        return Loadwrap.maskedLines(run.output)
    }

    @Test(arguments: services)
    func aFailingNestedStepsEndLineIsInTheLog(_ environment: [String: String?]) throws {
        let lines = try Self.run(environment)
        let test = try #require(lines.firstIndex(of: "✖ test · exit 3 · T"), "\(lines)")
        #expect(lines[..<test].contains("t"))
        let inner = try #require(lines.firstIndex(of: "✖ inner · exit 4 · T"), "\(lines)")
        let outer = try #require(lines.firstIndex(of: "✖ outer2 · exit 4 · T"), "\(lines)")
        #expect(test < inner && inner < outer)
        #expect(lines[test..<inner].contains("i"))
        #expect(lines.filter { $0.hasPrefix("✖ test") }.count == 1 && lines.filter { $0.hasPrefix("✖ inner") }.count == 1)
    }
}

/// The job summary of issue 44's build: a row per step, nested under `build`, and the chart.
@Suite struct JobSummaryStepsEndToEndTests {
    @Test func theThreeStepBuild() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/summary.md"
        FileManager.default.createFile(atPath: path, contents: nil)
        let loadwrap = TestEnvironment.loadwrap
        let script = "\(loadwrap) -t 'step a' -- sh -c 'sleep 0.2' & \(loadwrap) -t 'step b' -- sh -c 'sleep 0.1' & wait;"
            + " \(loadwrap) -t test -- sh -c 'exit 3'"
        let run = try PtySession.run(Loadwrap.command(["-t", "build", "--", "sh", "-c", script]),
                                     environment: ["GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": path])
        #expect(run.termination == .exited(3))
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let rows = text.split(separator: "\n").prefix(6).map { $0.replacing(/\d+\.\ds/, with: "T") }
        #expect(rows[..<3] == ["| | Command | Time | Result |", "| --- | --- | --- | --- |", "| ✖ | build | T | exit 3 |"])
        #expect(Set(rows[3..<5]) == ["| ✔ | ↳ step a | T | exit 0 |", "| ✔ | ↳ step b | T | exit 0 |"])
        #expect(rows[5] == "| ✖ | ↳ test | T | exit 3 |")
        let chart = try #require(text.split(separator: "```mermaid\n").last, "\(text)")
        let tasks = chart.split(separator: "\n").filter { $0.hasPrefix("    ✔") || $0.hasPrefix("    ✖") }
        #expect(tasks.count == 4, "\(text)")
        #expect(tasks.contains { $0.hasPrefix("    ✖ test :crit, ") } && text.hasSuffix("```\n"))
    }
}
