import Foundation
import LoadWrapTestSupport
import Testing

/// The `--timings` page in a real browser (Debian's headless chromium): it draws one bar per step
/// and fetches nothing, however it is opened. Off CI a missing chromium skips these; on CI it
/// fails them, as a missing terminal engine fails the screen tests.
@Suite(.enabled(if: Chromium.isInstalled || ExternalTool.onCI, Chromium.missing))
struct TimingsBrowserTests {
    /// A build of five steps (two side by side, one failing with a step nested in it) writes its
    /// page; chromium's DOM of it holds a bar per step, and the page made no request at all.
    @Test func thePageDrawsABarPerStepAndLoadsNothing() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let steps = #""$0" -t "step a" -- sleep 0.2 & "$0" -t "step b" -- sleep 0.3 & wait; "#
            + #""$0" -t test -- sh -c '"$0" -t unit -- true; exit 3' "$0""#
        let page = directory + "/timings.html"
        let command = Loadwrap.command(["--timings=\(page)", "-t", "build", "--", "sh", "-c", steps, TestEnvironment.loadwrap])
        let run = try PtySession.run(command, environment: ["CI": "true"])
        #expect(run.termination == .exited(3))
        let rendering = try Chromium.render(page, scratch: directory)
        // The parser closed each `<rect/>` it built: these are the browser's elements, not the file's text.
        let bars = rendering.dom.components(separatedBy: "</rect>").count - 1
        #expect(bars == 5, "build, step a, step b, test, unit")
        #expect(rendering.dom.components(separatedBy: "<rect class=\"failed").count - 1 == 2, "test and build")
        #expect(rendering.requests == [])
        for loader in ["<script", "<link", "<img", "<iframe", "<object", "<embed", "src=", "href=", "url(", "@import"] {
            #expect(!rendering.dom.contains(loader), "\(loader)")
        }
    }

    /// The check above can fail: a page with an image and a stylesheet from elsewhere shows both
    /// requests in the network log, though no name resolves.
    @Test func aPageThatFetchesIsCaught() throws {
        let directory = TestDirectory.make()
        defer { TestDirectory.remove(directory) }
        let page = directory + "/fetching.html"
        let html = #"<!doctype html><html><head><link rel="stylesheet" href="http://example.invalid/s.css"></head>"#
            + #"<body><img src="https://example.invalid/i.png"></body></html>"#
        try html.write(toFile: page, atomically: true, encoding: .utf8)
        let rendering = try Chromium.render(page, scratch: directory)
        #expect(Set(rendering.requests) == ["http://example.invalid/s.css", "https://example.invalid/i.png"])
    }
}
