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

    @Test func titlesAreEscaped() {
        let html = Self.page(["<script>alert(1)</script> & \"more\""])
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;more&quot;"))
        #expect(html.contains("<title>build &lt;all&gt; · loadwrap timings</title>"))
    }
}
