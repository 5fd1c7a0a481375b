import Foundation
import LoadWrapTestSupport
import Testing

/// `--timings`: the outermost loadwrap writes a page of every step's timings when the run ends,
/// `loadwrap-timings.html` in the working directory unless told where, and says where.
@Suite struct TimingsTests {
    @Test func aBareTimingsWritesThePageInTheWorkingDirectoryAndSaysSo() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let steps = #""$0" -t "step a" -- sleep 0.2 & "$0" -t "step b" -- sleep 0.3 & wait; "$0" -t test -- sh -c 'exit 3'"#
        let command = Loadwrap.command(["--timings", "-t", "build", "--", "sh", "-c", steps, TestEnvironment.loadwrap])
        let script = "cd \"$1\" && shift && exec \"$@\""
        let run = try PtySession.run(["/bin/sh", "-c", script, "sh", directory] + command, environment: ["CI": "true"])
        #expect(run.termination == .exited(3))
        #expect(Loadwrap.text(run.output).hasSuffix("Timings: loadwrap-timings.html\n"))
        let page = try String(contentsOfFile: directory + "/loadwrap-timings.html", encoding: .utf8)
        #expect(page.components(separatedBy: "<rect class=\"").count - 1 == 4, "build, step a, step b, test")
        #expect(page.contains("4 steps ·") && page.contains("2 failed"))
        // Each step's tooltip ends with its command line, told by its loadwrap, as a title shows it.
        #expect(page.contains("\n$ sh -c &#39;exit 3&#39;</title>"))
        #expect(page.contains("\n$ sleep 0.2</title>") && page.contains("\n$ sleep 0.3</title>"))
    }

    /// With `--retry`, each attempt is a step of the whole run, with its own steps inside it: the
    /// first failed, the second (which finds the marker the first left) succeeded.
    @Test func eachRetryAttemptIsAStep() throws {
        let directory = TestDirectory.make()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let page = directory + "/t.html"
        let step = #"if [ -e "$1/ran" ]; then "$0" -t fetch -- true; else touch "$1/ran"; "$0" -t fetch -- false; fi"#
        let run = try PtySession.run(Loadwrap.command(["--timings=\(page)", "--retry", "2", "--retry-delay", "1ms", "-t", "build", "--",
                                                       "sh", "-c", step, TestEnvironment.loadwrap, directory]),
                                     environment: ["CI": "true"])
        #expect(run.termination == .exited(0))
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.components(separatedBy: "<rect class=\"").count - 1 == 5, "build, two attempts, a fetch in each")
        #expect(html.contains("<title>build (attempt 1/3) ") && html.contains("<title>build (attempt 2/3) "))
        #expect(html.components(separatedBy: "<rect class=\"failed").count - 1 == 2, "attempt 1 and its fetch")
        #expect(html.contains("5 steps ·") && html.contains(" · exit 0 · 2 failed"))
    }

    /// A path that cannot be written stops the run before the command starts: one `Error:` line, 125.
    @Test func anUnwritablePathIsRefusedBeforeTheCommandStarts() throws {
        let run = try PtySession.run(Loadwrap.command(["--timings=/nonexistent/dir/t.html", "--", "true"]),
                                     environment: ["CI": "true"])
        #expect(run.termination == .exited(125))
        #expect(Loadwrap.text(run.output) == "Error: Cannot write the timings page '/nonexistent/dir/t.html': No such file or directory.\n")
    }
}
