import Testing

@testable import LoadWrapRuns
@testable import LoadWrapTimeline
@testable import LoadWrapTool

/// The `--timings` page: self-contained, a bar per step, every text escaped.
@Suite struct TimingsPageTests {
    private static func page(_ titles: [String]) -> String {
        var tree = RunTree(base: "build <all>", nowMS: 0, keepsEnded: true)
        for (index, title) in titles.enumerated() {
            tree.start(pid: Int32(index + 1), place: .nested, title: title, nowMS: index * 100)
            tree.end(pid: Int32(index + 1), status: index == 1 ? .exited(2) : .exited(0), nowMS: index * 100 + 400)
        }
        tree.finish(status: .exited(2), nowMS: 2_000)
        return TimingsPage.html(Timeline(tree.records, endMS: 2_000))
    }

    /// Nothing is fetched: no script, no stylesheet, image or font by address (the SVG namespace is
    /// a name, not a fetch).
    @Test func loadsNothingFromElsewhere() {
        let html = Self.page(["a", "b", "c"])
        #expect(!html.contains("<script"))
        #expect(!html.contains("src="))
        #expect(!html.contains("href="))
        #expect(!html.contains("url("))
        #expect(!html.contains("@import"))
        #expect(html.components(separatedBy: "http").count == 2, "only the SVG namespace")
    }

    @Test func aBarPerStepColouredByHowItEnded() {
        let html = Self.page(["a", "b", "c"])
        #expect(html.components(separatedBy: "<rect class=\"").count - 1 == 4)
        #expect(html.components(separatedBy: "<rect class=\"failed").count - 1 == 2, "b and the run itself")
        #expect(html.contains("4 steps · 2.0s · exit 2 · 2 failed"))
    }

    /// A thousand steps make a page well under a megabyte.
    @Test func aThousandStepsStayUnderAMegabyte() {
        let html = Self.page((0..<1_000).map { "step number \($0) of the build" })
        #expect(html.utf8.count < 1_000_000, "\(html.utf8.count) bytes")
    }

    /// A bar's tooltip, a line each: title, time, end, own time and the critical path; the usual
    /// time when known; the command line when the title is not that line (escaped, as all text).
    @Test func theTooltipSaysHowItEndedTheUsualTimeAndTheCommandLine() {
        var own = RunRecord(id: 0, parent: nil, place: .run, spanKey: 0, title: "build", startMS: 0)
        (own.endMS, own.end, own.command) = (1_000, .exited(3), "make -j2")
        var test = RunRecord(id: 1, parent: 0, place: .nested, spanKey: 7, title: "test", startMS: 200)
        (test.endMS, test.end, test.command, test.usualMS) = (1_000, .exited(3), "sh -c 'exit 3' <&0", 600)
        var slow = RunRecord(id: 3, parent: 0, place: .nested, spanKey: 9, title: "slow", startMS: 0)
        (slow.endMS, slow.end, slow.usualMS, slow.slowerThanUsual) = (100, .exited(0), 10, true)
        var lint = RunRecord(id: 2, parent: 0, place: .nested, spanKey: 8, title: "lint", startMS: 100)
        (lint.endMS, lint.end, lint.command) = (150, .exited(0), "lint")
        let svg = TimingsChart.svg(Timeline(RunRecords([own, test, lint, slow]), endMS: 1_000))
        #expect(svg.contains("<g class=\"step\"><title>build 1.0s · exit 3 · own 0.0s · critical path\n$ make -j2</title>"))
        #expect(svg.contains(
            "<g class=\"step\"><title>test 0.8s · exit 3 · own 0.8s · critical path\nusually 0.6s\n$ sh -c &#39;exit 3&#39; &lt;&amp;0</title>"
                + "<rect class=\"failed crit\" x=\"200.6\" y=\"27\" width=\"798.4\" height=\"14\" rx=\"3\"/>"
                + "<text x=\"204.6\" y=\"34\">test 0.8s</text></g>"))
        // Marked slower as the history's thresholds say (`slowerThanUsual`, set from the tree).
        #expect(svg.contains("<title>slow 0.1s · exit 0 · own 0.1s · critical path\nusually 0.0s · slower than usual</title><rect class=\"ok crit slow\""))
        #expect(svg.contains("<g class=\"step\"><title>lint 0.0s · exit 0 · own 0.0s · critical path</title><rect class=\"ok crit\""))
    }

    @Test func titlesAreEscaped() {
        let html = Self.page(["<script>alert(1)</script> & \"more\""])
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;"))
        #expect(html.contains("<title>build &lt;all&gt; · loadwrap timings</title>"))
    }
}
