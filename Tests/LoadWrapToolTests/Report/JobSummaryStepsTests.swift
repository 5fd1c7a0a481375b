import LoadWrapCore
import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTool

/// The job summary as a view over the run tree: the exact Markdown and Mermaid GitHub gets.
@Suite struct JobSummaryStepsTests {
    /// Issue 44's build: `step a` and `step b` side by side, then `test` failing; `tests` nested
    /// in `step b`, and `step b` slower than usual.
    private static func tree() -> RunTree {
        var tree = RunTree(base: "build", nowMS: 1_000, keepsEnded: true)
        tree.start(pid: 11, place: .nested, title: "step a", nowMS: 1_010)
        tree.start(pid: 12, place: .nested, title: "step b", nowMS: 1_020)
        tree.start(pid: 13, place: .nested, parent: 12, title: "tests: unit #1", nowMS: 1_030)
        tree.end(pid: 11, status: .exited(0), nowMS: 1_310)
        tree.end(pid: 13, status: .exited(0), nowMS: 9_030)
        tree.end(pid: 12, status: .exited(0), usualMS: 3_000, nowMS: 9_220)
        tree.start(pid: 14, place: .nested, title: "test", nowMS: 9_300)
        tree.end(pid: 14, status: .exited(3), nowMS: 9_500)
        tree.finish(status: .exited(3), nowMS: 9_510)
        return tree
    }

    private static let own = JobSummary.Step(mark: "✖", title: "build", outcome: .ended(.exited(3)), elapsedMS: 8_510)

    @Test func rowsAndChart() {
        let steps = JobSummary.steps(Self.tree(), own: Self.own, nowMS: 9_510)
        #expect(JobSummary.markdown(steps, wallStartMS: 1_796_000_000_000) == """
            | ✖ | build | 8.5s | exit 3 |
            | ✔ | ↳ step a | 0.3s | exit 0 |
            | ✔ | ↳ step b | 8.2s · usually 3.0s | exit 0 |
            | ✔ | &nbsp;&nbsp;↳ tests: unit \\#1 | 8.0s | exit 0 |
            | ✖ | ↳ test | 0.2s | exit 3 |

            ```mermaid
            gantt
                dateFormat x
                axisFormat %H:%M:%S
                ✖ build :crit, 1796000000000, 1796000008510
                ✔ step a :done, 1796000000010, 1796000000310
                ✔ step b :active, 1796000000020, 1796000008220
                ✔ tests  unit  1 :done, 1796000000030, 1796000008030
                ✖ test :crit, 1796000008300, 1796000008500
            ```

            """)
    }

    /// One step under the run: its row, no chart.
    @Test func oneStepHasNoChart() {
        var tree = RunTree(base: "build", nowMS: 0, keepsEnded: true)
        tree.start(pid: 11, place: .nested, title: "only", nowMS: 0)
        tree.end(pid: 11, status: .killed(15), nowMS: 100)
        let own = JobSummary.Step(mark: "✔", title: "build", outcome: .ended(.exited(0)), elapsedMS: 100)
        #expect(JobSummary.markdown(JobSummary.steps(tree, own: own, nowMS: 100), wallStartMS: 0) == """
            | ✔ | build | 0.1s | exit 0 |
            | ✖ | ↳ only | 0.1s | killed by SIGTERM |

            """)
    }

    /// Thousands of steps: the longest `maxSteps`, a row that counts the rest, well under 1 MiB.
    @Test func manyStepsAreBounded() {
        var tree = RunTree(base: "build", nowMS: 0, keepsEnded: true)
        for pid in Int32(1)...10_000 {
            tree.start(pid: pid, place: .nested, title: String(repeating: "long title ", count: 30), nowMS: Int(pid))
            tree.end(pid: pid, status: .exited(0), nowMS: Int(pid) * 2)
        }
        let own = JobSummary.Step(mark: "✔", title: "build", outcome: .ended(.exited(0)), elapsedMS: 20_000)
        let steps = JobSummary.steps(tree, own: own, nowMS: 20_000)
        #expect(steps.shown.count == JobSummary.maxSteps + 1 && steps.more == 10_000 - JobSummary.maxSteps)
        #expect(steps.shown.dropFirst().allSatisfy { $0.elapsedMS > 10_000 - JobSummary.maxSteps })
        let markdown = JobSummary.markdown(steps, wallStartMS: 0)
        #expect(markdown.contains("| … | 9950 more steps | | |\n"))
        #expect(markdown.utf8.count < 64 * 1024)
    }

    /// What Mermaid's task grammar reads is taken out of a name, and the mark goes first, so a
    /// title cannot end the name, start a comment or be read as a keyword.
    @Test func taskNamesCannotBreakTheChart() {
        let step = JobSummary.Step(mark: "✔", title: "section x: y; z # w %% v", outcome: .done, elapsedMS: 0)
        #expect(MermaidGantt.name(step) == "✔ section x  y  z   w    v")
        let long = JobSummary.Step(mark: "✔", title: String(repeating: "x", count: 100), outcome: .done, elapsedMS: 0)
        #expect(MermaidGantt.name(long) == "✔ " + String(repeating: "x", count: 59) + "…")
    }
}
