import Foundation
import LoadWrapTestSupport
import Testing

/// A step that took both 25 % and 5 s more than its history says says so, in its end line and in
/// the job summary (docs/history.md, "Slower than usual"); the step nested, so its usual time
/// reaches the outermost loadwrap in the step's end message.
@Suite struct SlowerThanUsualTests {
    @Test func aNestedStepSlowerThanUsualSaysSo() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (seconds, summary) = ("\(directory)/seconds", "\(directory)/summary.md")
        FileManager.default.createFile(atPath: summary, contents: nil)
        // The step's command line stays the same from run to run; only the file it reads changes.
        // A second step, as the summary's chart shows two steps or more.
        let step = "\(TestEnvironment.loadwrap) -t step -- sh -c 'sleep $(cat \(seconds))';"
            + " \(TestEnvironment.loadwrap) -t quick -- true"
        let command = Loadwrap.command(["-t", "build", "--", "sh", "-c", step])
        let environment: [String: String?] = [
            "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary, "LOADWRAP_HISTORY": nil,
            "XDG_STATE_HOME": "\(directory)/state",
        ]
        try "0.1".write(toFile: seconds, atomically: true, encoding: .utf8)
        for run in 1...2 {  // history shows a usual time from the third run on
            let remembered = try PtySession.run(command, environment: environment)
            #expect(remembered.termination == .exited(0))
            #expect(!Loadwrap.text(remembered.output).contains("usually"), "run \(run): \(Loadwrap.text(remembered.output))")
        }
        try "5.3".write(toFile: seconds, atomically: true, encoding: .utf8)
        let slow = try PtySession.run(command, environment: environment)
        #expect(slow.termination == .exited(0))
        let lines = Loadwrap.lines(slow.output).map { $0.replacing(/\d+\.\ds/, with: "T") }
        #expect(lines.contains("✔ step · T · usually T"), "\(lines)")
        let rows = try String(contentsOfFile: summary, encoding: .utf8).split(separator: "\n")
        #expect(rows.contains { $0.replacing(/\d+\.\ds/, with: "T") == "| ✔ | ↳ step | T · usually T | exit 0 |" }, "\(rows)")
        #expect(rows.contains { $0.hasPrefix("    ✔ step :active, ") }, "\(rows)")
    }
}
