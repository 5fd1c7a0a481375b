import TerminalModel
import Testing

@testable import loadwrap_demo

@Suite struct RowPainterTests {
    /// The first row of a 1×20 terminal that was sent `bytes`, painted.
    func paint(_ bytes: String, styles: inout StyleSheet) -> PaintedRow? {
        var screen = Screen(rows: 1, cols: 20)
        screen.feed(bytes)
        return RowPainter().paint(screen.lines[0].cells, styles: &styles)
    }

    @Test func runsStartAtTheirColumnAndSpanTheirCells() {
        var styles = StyleSheet()
        let row = paint("\u{1B}[1;32m$\u{1B}[0m  make \u{1B}[2m1s", styles: &styles)
        #expect(row?.text == #"<tspan x="0" class="s0">$</tspan><tspan x="36" textLength="48">make</tspan>"#
            + #"<tspan x="96" class="s1" textLength="24">1s</tspan>"#)
        #expect(row?.backgrounds == "")
        #expect(styles.css == ".s0{fill:#3fb950;font-weight:bold}\n.s1{fill-opacity:.6}")
    }

    @Test func inverseAndBackgroundsBecomeRectangles() {
        var styles = StyleSheet()
        let row = paint("\u{1B}[7mA\u{1B}[0;44m \u{1B}[0m<&>", styles: &styles)
        #expect(row?.backgrounds == ##"<rect x="0" width="12" height="26" fill="#c9d1d9"/>"##
            + ##"<rect x="12" width="12" height="26" fill="#58a6ff"/>"##)
        #expect(row?.text == #"<tspan x="0" class="s0">A</tspan><tspan x="24" textLength="36">&lt;&amp;&gt;</tspan>"#)
        #expect(row?.definition(id: "r1").hasPrefix(#"<g id="r1"><rect"#) == true)
    }

    @Test func aBlankRowIsNotDrawn() {
        var styles = StyleSheet()
        #expect(paint("   \u{1B}[1m  ", styles: &styles) == nil)
    }

    @Test func decimalsAreShortAndExact() {
        #expect([decimal(0.1 + 0.2), decimal(3), decimal(12.3456), decimal(-0.5)] == ["0.3", "3", "12.346", "-0.5"])
    }
}
